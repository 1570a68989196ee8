// The core's public surface: re-exports only. Every function takes strings
// and numbers and returns a string or a number, so any host can call it.
export { oneLine } from "./oneline";
export { categoryName, headRatio } from "./category";
export { formatCount } from "./util/strbuf";
export { truncate, truncateWithHint, truncatePlan } from "./truncate";
export { keepImportant, keepImportantPlan, importantLines } from "./important";
export { lineHash, hashlines, verifyAnchors } from "./hashline";
export { sections } from "./sections";
export { view } from "./view";
export { abridgeParam, abridgeArgs } from "./param";
export { estimateTokens } from "./tokens";
export { clean, cleanWith } from "./clean";
export { describeBinary, describeBinaryTextSample, describeBinaryBytes, describeBinaryBytesSample } from "./binary";
export { textEncodingBytes } from "./encoding";
export { classify, classifyName } from "./classify";
export { digestSearchJson, digestListingJson, digestDiffJson, digestEditJson } from "./digest/exports";
export { outline } from "./outline/outline";
export { languageOf } from "./outline/language";
export { compact, compactFields, compactFieldsUtf8, compactRecord, compactLlmSlot, pagedText } from "./compact";
export { reserveMemory } from "./util/memory";
export { digestFileJson, digestFileSectionsJson } from "./digest/file";
export { digestStructuredJson, digestWebJson, digestCommandJson } from "./digest/exports";
export { jsonEscapeUtf16, jsonEscapeUtf8, jsonEscapedBytes, jsonEscapedUtf8, jsonEscapedUnits } from "./json/escape";
export { findNeedles, findNeedlesUtf8 } from "./util/needles";
export { utf8ByteCount } from "./util/utf8-count";
