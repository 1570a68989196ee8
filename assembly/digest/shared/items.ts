// One line that lists items until its share of the budget is used, then says
// how many were left out: "By extension: .py 700, .pyc 80, +3 more (12 files)".
import { StrBuf } from "../../util/strbuf";

export class ItemLine {
  out: StrBuf;
  count: i32 = 0;

  /** `cap`: most units the line may take; `tailRoom`: units kept for the "+K more" tail. */
  constructor(label: string, private cap: i32, private tailRoom: i32) {
    this.out = new StrBuf(min(max(cap, 16), 4096));
    this.out.add(label);
  }

  tryAdd(item: string, last: bool): bool {
    const sep = this.count > 0 ? 2 : 1;
    if (this.out.length + sep + item.length + (last ? 0 : this.tailRoom) > this.cap) return false;
    this.out.add(this.count > 0 ? ", " : " ").add(item);
    this.count++;
    return true;
  }

  /** The line, with `more` (e.g. "+3 more (12 files)") when items were left out. */
  finish(more: string): string {
    if (more.length > 0) this.out.add(this.count > 0 ? ", " : " ").add(more);
    return this.out.toString();
  }
}
