// The budget of a command that compacts (compact, diff): the configuration the library reads,
// with the command's flags on top. Its own module: `abridge run` and `abridge hook` load io.ts
// on every tool call and need none of this.
import { CHARS_PER_TOKEN, MIN_BUDGET } from "../budget.js";
import { compactOptions, loadConfig, type AbridgeOptions } from "../config.js";
import type { CompactOptions } from "../pipeline.js";
import { intOption, levelOption, type Options, type Parsed } from "./io.js";

/** The budget flags every command that compacts takes. */
export const BUDGET_FLAGS = {
  level: { type: "string" },
  budget: { type: "string" },
  "max-tokens": { type: "string" },
  passthrough: { type: "string" },
} as const satisfies Options;

/**
 * The budget options of a command that compacts: the configuration the library reads
 * (`ABRIDGE_*` variables, `abridge.config.json`; docs/config.md) with the command's flags on
 * top. A flag that sets the budget (--level, --budget) sets it for every category. A budget
 * below MIN_BUDGET would leave no room for what the model must see and is refused.
 */
export function budgetOptions(values: Parsed["values"], cwd = process.cwd()): CompactOptions {
  const level = levelOption(values.level);
  const budget = intOption("budget", values.budget, MIN_BUDGET);
  const maxTokens = intOption("max-tokens", values["max-tokens"], Math.ceil(MIN_BUDGET / CHARS_PER_TOKEN));
  const passthrough = intOption("passthrough", values.passthrough);
  const flags: AbridgeOptions = {
    ...(level !== undefined ? { level, budget: budget ?? null } : {}),
    ...(budget !== undefined ? { budget } : {}),
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(passthrough !== undefined ? { passthrough } : {}),
  };
  const options = compactOptions(loadConfig(flags, { cwd }));
  if (level !== undefined || budget !== undefined) delete options.categories;
  return options;
}

