// The categories of tool output, in the core's id order (assembly/category.ts): the one
// table the host reads them from.

export const CATEGORIES = [
  "FileContent",
  "SearchResults",
  "DirectoryListing",
  "CommandOutput",
  "StructuredData",
  "WebContent",
  "Diff",
  "Binary",
] as const;

/** What kind of tool output a text is. */
export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: unknown): value is Category {
  return typeof value === "string" && (CATEGORIES as readonly string[]).includes(value);
}

/** The core's id of a category; -1 for "" (classify). */
export function categoryId(category: Category | ""): number {
  return category === "" ? -1 : CATEGORIES.indexOf(category);
}
