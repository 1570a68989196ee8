/** What kind of tool output a text is. The numbers cross the wasm boundary. */
export const enum Category {
  FileContent = 0,
  SearchResults = 1,
  DirectoryListing = 2,
  CommandOutput = 3,
  StructuredData = 4,
  WebContent = 5,
  Diff = 6,
  Binary = 7,
}

export const CATEGORY_COUNT = 8;

export function categoryName(c: i32): string {
  switch (c) {
    case Category.FileContent: return "FileContent";
    case Category.SearchResults: return "SearchResults";
    case Category.DirectoryListing: return "DirectoryListing";
    case Category.CommandOutput: return "CommandOutput";
    case Category.StructuredData: return "StructuredData";
    case Category.WebContent: return "WebContent";
    case Category.Diff: return "Diff";
    case Category.Binary: return "Binary";
  }
  return "CommandOutput";
}

/**
 * Share of the budget given to the head when a text is cut head/tail. Code
 * is read from the top; listings say most in their totals at the end.
 */
export function headRatio(c: i32): f64 {
  switch (c) {
    case Category.FileContent: return 0.7;
    case Category.DirectoryListing: return 0.3;
    case Category.CommandOutput: return 0.6;
    default: return 0.5;
  }
}
