// What an outline is: the declarations of a file with their line ranges, and
// how many imports it has. Scanners fill it; outline.ts turns it into JSON.
import { StrBuf } from "../util/strbuf";

export class OutlineSymbol {
  /** Members counted inside a class-like symbol (methods, nested types), a key's keys, an element's children. */
  members: i32 = 0;
  /** A config key's value when it is short and on the key's line (`kind: Service`); else "". */
  detail: string = "";

  constructor(
    public kind: string,
    public name: string,
    /** 1-based, inclusive: the first line of the declaration (decorators included). */
    public first: i32,
    public last: i32,
    /** 0 for top-level symbols, 1 for members of a class-like symbol. */
    public depth: i32,
    /** Index of the enclosing symbol, or -1. */
    public parent: i32,
  ) {}
}

/** Distinct element names tallied (Outline.countTag). */
const MAX_TAG_NAMES: i32 = 64;

export class Outline {
  symbols: Array<OutlineSymbol> = new Array<OutlineSymbol>();
  /**
   * A markup file's elements at every depth, by name, in the order first seen (xml.ts): the
   * symbols hold only the root and its children, and a figure's hundreds of `<path>`s nest in groups.
   */
  tagNames: Array<string> = new Array<string>();
  tagCounts: Array<i32> = new Array<i32>();
  imports: i32 = 0;
  importFirst: i32 = 0;
  importLast: i32 = 0;

  /** Adds a symbol and returns its index; a member bumps its parent's count. */
  add(kind: string, name: string, first: i32, last: i32, depth: i32, parent: i32): i32 {
    this.symbols.push(new OutlineSymbol(kind, name, first, max(first, last), depth, parent));
    if (parent >= 0 && parent < this.symbols.length) this.symbols[parent].members++;
    return this.symbols.length - 1;
  }

  /** Counts one element named `name`; names past MAX_TAG_NAMES are not tallied (none in part). */
  countTag(name: string): void {
    const names = this.tagNames;
    for (let k = names.length - 1; k >= 0; k--) {
      if (unchecked(names[k]) == name) {
        unchecked((this.tagCounts[k] += 1));
        return;
      }
    }
    if (names.length >= MAX_TAG_NAMES) return;
    names.push(name);
    this.tagCounts.push(1);
  }

  addImport(first: i32, last: i32, count: i32): void {
    if (count <= 0) return;
    if (this.imports == 0) this.importFirst = first;
    this.imports += count;
    this.importLast = max(this.importLast, last);
  }

  /** Symbols at depth 0. */
  get topLevel(): i32 {
    let n = 0;
    for (let i = 0; i < this.symbols.length; i++) if (this.symbols[i].depth == 0) n++;
    return n;
  }

  /**
   * `[{"kind":"function","name":"foo","first":12,"last":40}, …]` in source order;
   * class-like symbols add `"members":N`, members add `"depth":1,"parent":"Name"`,
   * a config key with a short value on its line adds `"detail":"value"`,
   * and an imports entry `{"kind":"imports","name":"","first":a,"last":b,"count":N}`
   * comes first when the file has imports.
   */
  toJson(): string {
    const out = new StrBuf(64 + this.symbols.length * 64);
    out.addChar(0x5b);
    let n = 0;
    if (this.imports > 0) {
      out.addLabelInt('{"kind":"imports","name":"","first":', this.importFirst);
      out.addLabelInt(',"last":', this.importLast).addLabelInt(',"count":', this.imports).addChar(0x7d);
      n++;
    }
    for (let i = 0; i < this.symbols.length; i++) {
      const s = this.symbols[i];
      if (n++ > 0) out.addChar(0x2c);
      out.addLabelJson('{"kind":', s.kind).addLabelJson(',"name":', s.name);
      out.addLabelInt(',"first":', s.first).addLabelInt(',"last":', s.last);
      if (s.members > 0) out.addLabelInt(',"members":', s.members);
      if (s.detail.length > 0) out.addLabelJson(',"detail":', s.detail);
      if (s.depth > 0) {
        out.addLabelInt(',"depth":', s.depth).add(',"parent":');
        out.addJson(s.parent >= 0 && s.parent < this.symbols.length ? this.symbols[s.parent].name : "");
      }
      out.addChar(0x7d);
    }
    out.addChar(0x5d);
    return out.toString();
  }
}
