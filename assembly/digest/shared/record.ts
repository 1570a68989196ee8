// The JSON shape every digest crosses the boundary in (host/core-api.ts reads it):
// {"llm":…,"summary":…,"facts":{…},"keptLines":[[a,b],…],"omittedChars":N,"truncated":bool}
import { StrBuf } from "../../util/strbuf";
import { Digest } from "./types";

export function digestJson(d: Digest): string {
  const out = new StrBuf(d.llm.length + d.summary.length + d.facts.length + 96);
  out.addLabelJson('{"llm":', d.llm);
  out.addLabelJson(',"summary":', d.summary);
  out.add(',"facts":{').add(d.facts).addChar(0x7d);
  out.add(',"keptLines":').add(d.keptLinesJson());
  out.addLabelInt(',"omittedChars":', d.omittedChars);
  out.add(',"truncated":').add(d.truncated ? "true" : "false");
  out.addChar(0x7d);
  return out.toString();
}
