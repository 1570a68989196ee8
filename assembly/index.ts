// The core's public surface: re-exports only. Every function takes strings
// and numbers and returns a string or a number, so any host can call it.
export { oneLine } from "./oneline";
export { categoryName, headRatio } from "./category";
export { formatCount } from "./util/strbuf";
