// npm's package-lock.json (lockfileVersion 2 and 3): `packages` maps every
// installed path ("node_modules/a", "node_modules/a/node_modules/b") to what
// was installed there, and its "" entry is the project itself. Shortened by
// position, the object would show the alphabetically first packages; what a
// reader of a lockfile asks first is which version of a package the project
// depends on was resolved. So the entries of the project's own dependencies
// are picked to be shown wherever they are.
import { JsonIndex } from "../../json";
import { unitAt } from "../../util/lines";
import { CharCode } from "../../util/chars";
import { Members, objectMember } from "./members";
import { Picks } from "./shorten";
import { StringIndex } from "../../util/string-index";

const DEPENDENCY_KEYS: string[] = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"];
/** More direct dependencies than this: only the first ones are picked. */
const MAX_PICKS: i32 = 64;

/** The direct dependencies' entries of an npm lockfile's `packages`, or null when it is not one. */
export function lockfilePicks(s: string, idx: JsonIndex): Picks | null {
  if (idx.opens.length == 0 || unchecked(idx.opens[0]) != idx.start || unitAt(s, idx.start) != CharCode.LBRACE) return null;
  let packages = -1;
  let versioned = false;
  const top = new Members(s, idx, 0);
  while (top.nextMember()) {
    if (top.key == "lockfileVersion") versioned = true;
    else if (top.key == "packages" && top.isObject) packages = top.ordinal;
  }
  if (!versioned || packages < 0) return null;
  const root = objectMember(s, idx, packages, "");
  if (root < 0) return null;
  const wanted = new StringIndex();
  for (let i = 0; i < DEPENDENCY_KEYS.length; i++) {
    const deps = objectMember(s, idx, root, DEPENDENCY_KEYS[i]);
    if (deps < 0) continue;
    const m = new Members(s, idx, deps);
    while (m.nextMember() && wanted.size < MAX_PICKS) wanted.set("node_modules/" + m.key, 0);
  }
  if (wanted.size == 0) return null;
  const picks = new Picks(packages);
  const m = new Members(s, idx, packages);
  while (m.nextMember()) if (wanted.has(m.key)) picks.members.push(m.index);
  return picks.members.length > 0 ? picks : null;
}
