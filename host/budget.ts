// Turns the budget options (level, budget, maxTokens, remaining context,
// per-category overrides) into one number of UTF-16 units.
import { MAX_CORE_NUMBER } from "./core-exports.js";
import { AbridgeError } from "./errors.js";
import type { Category, Level } from "./types.js";

export const LEVEL_BUDGETS: Readonly<Record<Level, number>> = Object.freeze({
  minimal: 800,
  balanced: 4000,
  conservative: 16000,
});

/** Characters per o200k token assumed when a budget is given in tokens. */
export const CHARS_PER_TOKEN = 4;

/** Share of the remaining context one tool result may take. */
export const REMAINING_CONTEXT_SHARE = 0.25;

/** A budget never drops below this: a marker and a line of context must fit. */
export const MIN_BUDGET = 200;

export interface BudgetOptions {
  level?: Level;
  /** Characters (UTF-16 units) the LLM content may take. Overrides `level`. */
  budget?: number;
  /** Upper bound in tokens, converted at 4 chars per token. */
  maxTokens?: number;
  /** Tokens left in the model's context; a result takes at most a quarter of it. */
  remainingContextTokens?: number;
  /** Per-category budgets or levels, e.g. `{ SearchResults: { budget: 2000 } }`. */
  categories?: Partial<Record<Category, { budget?: number; level?: Level }>>;
}

function checkPositiveInt(name: string, value: unknown, max = Number.MAX_SAFE_INTEGER): void {
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0 || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? "a non-negative integer" : `an integer from 0 to ${max.toLocaleString("en-US")}`;
    throw new AbridgeError("ABRIDGE_INVALID_OPTION", `${name} must be ${range}, got ${typeof value === "number" ? value.toLocaleString("en-US") : String(value)}`);
  }
}

function checkLevel(name: string, value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== "string" || !(value in LEVEL_BUDGETS)) {
    throw new AbridgeError("ABRIDGE_INVALID_OPTION", `${name} must be one of minimal, balanced, conservative; got ${String(value)}`);
  }
}

/** Throws ABRIDGE_INVALID_OPTION naming the first bad option. */
export function validateBudgetOptions(o: BudgetOptions): void {
  checkLevel("level", o.level);
  // A budget crosses into the core as an i32: the same limit as the component's.
  checkPositiveInt("budget", o.budget, MAX_CORE_NUMBER);
  checkPositiveInt("maxTokens", o.maxTokens);
  checkPositiveInt("remainingContextTokens", o.remainingContextTokens);
  // Most calls name no categories: no list of entries is made for them.
  if (o.categories === undefined) return;
  for (const [cat, override] of Object.entries(o.categories ?? {})) {
    checkPositiveInt(`categories.${cat}.budget`, override?.budget, MAX_CORE_NUMBER);
    checkLevel(`categories.${cat}.level`, override?.level);
  }
}

export function resolveBudget(o: BudgetOptions, category: Category): number {
  const override = o.categories?.[category];
  let budget =
    override?.budget ??
    (override?.level ? LEVEL_BUDGETS[override.level] : undefined) ??
    o.budget ??
    LEVEL_BUDGETS[o.level ?? "balanced"];
  if (o.maxTokens !== undefined) budget = Math.min(budget, o.maxTokens * CHARS_PER_TOKEN);
  if (o.remainingContextTokens !== undefined) {
    const share = Math.floor(o.remainingContextTokens * REMAINING_CONTEXT_SHARE * CHARS_PER_TOKEN);
    budget = Math.min(budget, Math.max(MIN_BUDGET, share));
  }
  return budget;
}
