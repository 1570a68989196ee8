// `abridge uninstall <agent>`: see install.ts.
import { help as installHelp, runWith } from "./install.js";

export const help = installHelp;

export function run(argv: string[]): number {
  return runWith("uninstall", argv);
}
