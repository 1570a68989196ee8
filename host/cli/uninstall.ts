// `abridge uninstall <agent>`: see install.ts.
import { help as installHelp, runWith } from "./install.js";

// The same options as install, its usage line first.
const [installLine, uninstallLine, ...rest] = installHelp.split("\n");
export const help = [uninstallLine!.replace(/^\s+/, "usage: "), installLine!.replace(/^usage: /, "       "), ...rest].join("\n");

export function run(argv: string[]): number {
  return runWith("uninstall", argv, help);
}
