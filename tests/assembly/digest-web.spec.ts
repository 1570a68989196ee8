import { digestWeb, looksLikeHtml } from "../../assembly/digest/web";
import { markdownOutlineText } from "../../assembly/digest/shared/heading-outline";
import { DigestContext } from "../../assembly/digest/shared/types";
import { LineIndex } from "../../assembly/digest/shared/text";
import { htmlToText } from "../../assembly/digest/web/html-text";
import { markdownOutline } from "../../assembly/digest/shared/markdown";

const ctx = new DigestContext("WebFetch", '{"url":"https://example.org/doc"}', -1);

function text(html: string): string {
  return htmlToText(html).text;
}

function headings(md: string): string {
  const o = markdownOutline(md, new LineIndex(md));
  const out = new Array<string>();
  for (let i = 0; i < o.lines.length; i++) out.push((o.lines[i] + 1).toString() + ":" + o.levels[i].toString() + ":" + o.texts[i]);
  return out.join("|");
}

describe("HTML to text", () => {
  it("writes headings, paragraphs and lists", () => {
    expect(text("<h1>Title</h1><p>One  two\n three.</p><ul><li>a</li><li>b</li></ul><h2>Next</h2>")).toBe("# Title\n\nOne two three.\n\n- a\n- b\n\n## Next");
    expect(text("<ol><li>first</li><li>second<ul><li>inner</li></ul></li></ol>")).toBe("1. first\n2. second\n  - inner");
  });

  it("drops scripts, styles, comments, navigation, forms and svg", () => {
    const html = "<html><head><title>T</title><style>p{color:red}</style><script>var x = '</p>';</script></head>" +
      "<body><nav><a href='/'>Home</a></nav><header>Site</header><!-- hidden --><main><p>Body</p>" +
      "<form><input name=q><button>Go</button></form><svg><text>chart</text></svg></main>" +
      "<div role=\"navigation\">crumbs</div><footer>(c)</footer></body></html>";
    const r = htmlToText(html);
    expect(r.text).toBe("Body");
    expect(r.title).toBe("T");
  });

  it("keeps an article's own header", () => {
    expect(text("<article><header><h1>Post</h1></header><p>x</p></article>")).toBe("# Post\n\nx");
  });

  it("decodes named and numeric entities", () => {
    // &#x1F600; is U+1F600: d83d de00
    expect(text("<p>a &amp; b &lt;c&gt; &quot;d&quot; &#233; &#xE9; &#x1F600; &mdash; &nbsp;x &unknown; &</p>")).toBe("a & b <c> \"d\" \u00e9 \u00e9 \uD83D\uDE00 \u2014 x &unknown; &");
    expect(text("<p>&#0; &#xD800;</p>")).toBe("\uFFFD \uFFFD");
  });

  it("separates table cells and rows", () => {
    expect(text("<table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table>")).toBe("k | v\na | 1");
  });

  it("keeps <pre> verbatim between fences and marks inline code", () => {
    expect(text("<p>Run <code>npm  test</code> now</p><pre>\nline 1\n  line  2\n</pre><p>after</p>")).toBe("Run `npm test` now\n\n```\nline 1\n  line  2\n```\n\nafter");
  });

  it("shows short absolute link targets only", () => {
    const r = htmlToText("<p><a href=\"https://a.example/x\">A</a> <a href=\"/rel\">B</a> <a href=\"#top\">C</a> <a href=\"https://a.example/" + "y".repeat(100) + "\">D</a></p>");
    expect(r.text).toBe("A (https://a.example/x) B C D");
    expect(r.links).toBe(4);
  });

  it("counts headings and takes the title from the first h1 when there is no <title>", () => {
    const r = htmlToText("<h1>Main</h1><h2>a</h2><h3>b</h3>");
    expect(r.headings.length).toBe(3);
    expect(r.title).toBe("Main");
  });

  it("survives garbage, unclosed tags, CRLF and empty input", () => {
    expect(text("")).toBe("");
    expect(text("<<<>>> < p > <p")).toBe("<<<>>> < p > <p");
    expect(text("<p>a\r\nb</p><div>c")).toBe("a b\n\nc");
    expect(text("<script>never closed")).toBe("");
  });
});

describe("Markdown outline", () => {
  it("finds ATX and setext headings outside code fences", () => {
    const md = "# Title\n\ntext\n\nSetext\n======\n\n```\n# not a heading\n```\n\n## Two ##\n\nSub\n---\n#nospace\n";
    expect(headings(md)).toBe("1:1:Title|5:1:Setext|12:2:Two|14:2:Sub");
  });

  it("reads CRLF", () => {
    expect(headings("# A\r\n\r\n## B\r\n")).toBe("1:1:A|3:2:B");
  });
});

describe("WebContent digest", () => {
  it("tells HTML from Markdown", () => {
    expect(looksLikeHtml("<!DOCTYPE html><html>")).toBe(true);
    expect(looksLikeHtml("\n  <div>x</div>")).toBe(true);
    expect(looksLikeHtml("# Title\n\ntext <b>bold</b>")).toBe(false);
  });

  it("summarises a fetch by URL and title", () => {
    const d = digestWeb("<html><head><title>Doc  page</title></head><body><p>hi</p></body></html>", 1000, ctx, "");
    expect(d.llm).toBe("Title: Doc page\nhi");
    expect(d.summary).toBe("Fetched https://example.org/doc (Doc page)");
    expect(d.facts).toBe('"format":"html","title":"Doc page","headings":0,"links":0,"textChars":2');
  });

  it("states the page title unless the text already starts with it", () => {
    const body = "<p>" + "word ".repeat(400) + "</p>";
    const cut = digestWeb("<title>Widget 2.1 manual</title><h2>Setup</h2>" + body + "<h2>Usage</h2>" + body, 600, ctx, "");
    expect(cut.llm.length).toBeLessThanOrEqual(600);
    expect(cut.llm.startsWith("Title: Widget 2.1 manual\n")).toBe(true);
    expect(cut.llm.includes("chars omitted")).toBe(true);
    // The first heading says it already: no second copy.
    const same = digestWeb("<title>Main</title><h1>Main</h1><p>text</p>", 1000, ctx, "");
    expect(same.llm).toBe("# Main\n\ntext");
    // A text that fits whole is not cut to make room for the title.
    const short = "<title>Widget 2.1 manual</title><p>" + "word ".repeat(30) + "</p>";
    expect(digestWeb(short, 150, ctx, "").llm).toBe("word ".repeat(29) + "word");
    expect(digestWeb(short, 300, ctx, "").llm).toBe("Title: Widget 2.1 manual\n" + "word ".repeat(29) + "word");
    // A budget too small for the title and some text keeps the text.
    expect(digestWeb("<title>Widget 2.1 manual</title>" + body, 60, ctx, "").llm.startsWith("Title:")).toBe(false);
  });

  it("puts the Markdown outline with line numbers before a cut body", () => {
    const parts = new Array<string>();
    for (let s = 1; s <= 20; s++) {
      parts.push("## Section " + s.toString());
      for (let i = 0; i < 30; i++) parts.push("Body line " + i.toString() + " of section " + s.toString() + ".");
    }
    const md = "# Guide\n" + parts.join("\n") + "\n";
    const d = digestWeb(md, 1500, new DigestContext("Read", "{}", -1), "");
    expect(d.llm.length).toBeLessThanOrEqual(1500);
    expect(d.llm.startsWith("Outline: 21 headings in 621 lines\n  1: # Guide\n  2: ## Section 1\n  33: ## Section 2\n")).toBe(true);
    expect(d.llm.includes("chars omitted...]")).toBe(true);
    expect(d.summary).toBe("Guide");
  });

  it("gives the Markdown outline alone for a file digest, numbered from the file's first line", () => {
    const md = "# Tool\n\nintro\n\n## Install\n\nnpm i tool\n\n## Quick Start\n\n```\n# not a heading\n```\n";
    expect(markdownOutlineText(md, 500)).toBe("Outline: 3 headings in 13 lines\n  1: # Tool\n  5: ## Install\n  9: ## Quick Start");
    expect(markdownOutlineText(md, 500, 101).includes("\n  105: ## Install\n")).toBe(true);
    // Too small for a heading line, or only one heading: nothing.
    expect(markdownOutlineText(md, 20)).toBe("");
    expect(markdownOutlineText("# Only\n\ntext\n", 500)).toBe("");
  });

  it("keeps the top heading levels when not all headings fit", () => {
    const parts = new Array<string>();
    for (let s = 1; s <= 5; s++) {
      parts.push("## Chapter " + s.toString());
      for (let k = 1; k <= 30; k++) parts.push("#### Detail " + s.toString() + "." + k.toString() + "\ntext text text text");
    }
    const md = "# Book\n" + parts.join("\n") + "\n";
    const d = digestWeb(md, 1200, new DigestContext("Read", "{}", -1), "");
    expect(d.llm.length).toBeLessThanOrEqual(1200);
    expect(d.llm.includes(": ## Chapter 5\n")).toBe(true);
    expect(d.llm.includes("more headings (level 4 and deeper)")).toBe(true);
  });

  it("stays within budgets 0, 1 and tiny", () => {
    const html = "<title>T</title>" + "<h2>Part</h2><p>" + "word ".repeat(200) + "</p>".repeat(1);
    const md = "# T\n\n" + "word ".repeat(500) + "\n## U\n";
    for (let b = 0; b < 80; b += 3) {
      expect(digestWeb(html.repeat(5), b, ctx, "").llm.length).toBeLessThanOrEqual(b);
      expect(digestWeb(md, b, ctx, "").llm.length).toBeLessThanOrEqual(b);
    }
  });

  it("handles one huge line and identical lines", () => {
    expect(digestWeb("x".repeat(100000), 300, ctx, "").llm.length).toBeLessThanOrEqual(300);
    expect(digestWeb("same line\n".repeat(2000), 300, ctx, "").llm.length).toBeLessThanOrEqual(300);
    expect(digestWeb("<p>" + "y".repeat(100000) + "</p>", 300, ctx, "").llm.length).toBeLessThanOrEqual(300);
  });
});
