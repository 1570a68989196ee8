// Outputs of typesetting, document and science tools the other captures lack, each run over a
// small project with failures or findings in it: pdflatex over a report with undefined control
// sequences, a missing figure and a missing chapter, bibtex over a bibliography with missing
// entries, empty fields and a broken entry, pandoc --verbose building a standalone page whose
// images and citations are missing, asciidoctor -v over a guide with missing includes and
// attributes, groff -ww over man pages with undefined macros and bad requests, dot over a file of
// graphs where one does not parse, gnuplot drawing text plots until a script error, an R script
// that prints its models and stops with an error, hunspell -u3 over documentation with
// misspellings, xsltproc with runtime errors and messages from a stylesheet, and sassc building
// themes where one refers to an undefined variable.
import { lcg, scratch, sh, writeTree } from "./lib.mjs";

const STATIONS = ["abisko", "bergen", "cairngorm", "davos", "eiger", "fjell", "grimsel", "hardanger", "innsbruck", "jotunheimen", "kebnekaise", "lofoten"];
const VARIABLES = ["temperature", "humidity", "pressure", "wind speed", "snow depth", "solar radiation"];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** Sentences about one station, for the paragraphs of documents. */
function prose(station, k, words = 5) {
  const sentences = [];
  for (let i = 0; i < words; i++) {
    const v = VARIABLES[(k + i) % VARIABLES.length];
    sentences.push(
      `At ${cap(station)} the ${v} series covers ${12 + ((k * 7 + i * 3) % 30)} years of hourly readings, with ${(k + i) % 5} gaps longer than a week that we fill from the nearest neighbour station.`,
    );
  }
  return sentences.join(" ");
}

/** A LaTeX report in chapters: two use macros nobody defined, one includes a figure that is not there, one chapter file is missing. */
function latexReport(id) {
  const dir = scratch(id);
  const files = {};
  const chapters = [];
  for (const [c, station] of STATIONS.slice(0, 7).entries()) {
    const name = `chapters/${station}`;
    chapters.push(c === 5 ? "\\include{chapters/results-2023}" : `\\include{${name}}`);
    const sections = [];
    for (let k = 0; k < 3; k++) {
      let extra = "";
      if (c === 1 && k === 1) extra = `The correction applied is $\\lapserate{0.0065}$ per metre, as in \\cite{okafor2021}.\n`;
      if (c === 3 && k === 0) extra = `\\begin{figure}[h]\n  \\centering\n  \\includegraphics[width=0.8\\textwidth]{figures/${station}-drift.pdf}\n  \\caption{Sensor drift at ${cap(station)}.}\\label{fig:${station}-drift}\n\\end{figure}\n`;
      if (c === 4 && k === 2) extra = `Daily means are \\smoothed{7} over a week and compared in Table~\\ref{tab:${station}-means}.\n`;
      if (k === 1) extra += `Raw files sit under \\texttt{/data/archive/${station}/hourly/${station}-readings-1990-2023-quality-controlled-v4.csv} on the shared drive.\n`;
      sections.push(`\\section{${cap(VARIABLES[(c + k) % VARIABLES.length])} at ${cap(station)}}\\label{sec:${station}-${k}}

${prose(station, c * 3 + k)}
${extra}
See Section~\\ref{sec:${STATIONS[(c + 1) % 7]}-${k}} and \\cite{${station}${2010 + k}}.
`);
    }
    files[`${name}.tex`] = `\\chapter{${cap(station)}}\\label{ch:${station}}\n\n${sections.join("\n")}`;
  }
  files["report.tex"] = `\\documentclass[11pt,a4paper]{report}
\\usepackage{graphicx}
\\title{Mountain Weather Stations: Data Quality Report}
\\author{Field Instruments Group}
\\begin{document}
\\maketitle
\\tableofcontents
${chapters.join("\n")}
\\bibliographystyle{plain}
\\bibliography{refs}
\\end{document}
`;
  writeTree(dir, files);
  return dir;
}

/** A survey citing 160 works: some keys are not in the database, some entries lack fields, one entry does not parse. */
function bibliography(id) {
  const dir = scratch(id);
  const rand = lcg(11);
  const cites = [];
  const entries = [];
  for (let i = 0; i < 160; i++) {
    const station = STATIONS[i % STATIONS.length];
    const key = `${station}${2000 + (i % 23)}${String.fromCharCode(97 + Math.floor(i / 12))}`;
    cites.push(key);
    if (i % 11 === 5) continue; // cited but never entered
    const kind = i % 3 === 0 ? "book" : i % 3 === 1 ? "article" : "inproceedings";
    const fields = [`  author = {${cap(station)}, A. and Lund, K.}`, `  title = {${cap(VARIABLES[i % 6])} records at ${cap(station)}, part ${i}}`];
    if (kind === "article" && i % 4 !== 1) fields.push(`  journal = {Journal of Mountain Climate}`);
    if (kind === "article") fields.push(`  volume = {${Math.floor(rand() * 40) + 1}}`, `  pages = {${i * 3}--${i * 3 + 14}}`);
    if (kind === "book") fields.push(i % 9 === 3 ? `  editor = {Berg, H.}` : "", `  publisher = {Alpine Press}`);
    if (kind === "inproceedings" && i % 5 !== 2) fields.push(`  booktitle = {Proceedings of the Workshop on Station Networks}`);
    if (i % 13 !== 7) fields.push(`  year = {${2000 + (i % 23)}}`);
    if (i === 31) {
      entries.push(`@${kind}{${key},\n${fields.filter(Boolean).join(",\n").replace("  year", "  note = {in press}\n  year")}\n}`);
      continue;
    }
    entries.push(`@${kind}{${key},\n${fields.filter(Boolean).join(",\n")}\n}`);
    // Entered twice: a merge of two collections.
    if (i === 140) entries.push(entries[40]);
  }
  writeTree(dir, {
    "survey.tex": `\\documentclass{article}
\\begin{document}
\\section{Stations}
${cites.map((k, i) => `Station study ${i + 1} is described in \\cite{${k}}.`).join("\n")}
\\bibliographystyle{plain}
\\bibliography{refs}
\\end{document}
`,
    "refs.bib": `% Station literature, collected by the field instruments group.\n\n${entries.join("\n\n")}\n`,
  });
  sh("pdflatex -interaction=nonstopmode survey.tex > /dev/null", { cwd: dir, allowFail: true });
  return dir;
}

const FIGURES = ["mast", "logger", "drift", "snow-board"];

/** A field handbook in Markdown: some images are missing, some citations are not in the bibliography, two headings share an identifier. */
function handbook(id) {
  const dir = scratch(id);
  const parts = [`---\ntitle: Station Maintenance Handbook\nauthor: Field Instruments Group\nbibliography: refs.bib\n---\n`];
  const files = {};
  for (const [i, station] of STATIONS.entries()) {
    parts.push(`# ${cap(station)} {#${i === 7 ? "abisko" : station}}

${prose(station, i, 3)}

${FIGURES.map((fig) => `![${cap(fig)} at ${cap(station)}](img/${station}-${fig}.png)`).join("\n\n")}

The lapse rate is $${i % 5 === 3 ? "\\frac{dT}{dz" : "\\frac{dT}{dz}"}$ between the valley and the mast.

| variable | sensor | interval |
|---|---|---|
${VARIABLES.map((v, k) => `| ${v} | ${cap(station).slice(0, 3).toUpperCase()}-${k} | ${10 * (k + 1)} min |`).join("\n")}

Calibration follows [@${i % 4 === 2 ? `${station}-calibration` : "lund2019"}].
`);
    for (const [k, fig] of FIGURES.entries()) if ((i + k) % 5 !== 1) files[`img/${station}-${fig}.png`] = "";
  }
  files["handbook.md"] = parts.join("\n");
  files["refs.bib"] = `@book{lund2019,\n  author = {Lund, K.},\n  title = {Calibrating Mountain Sensors},\n  publisher = {Alpine Press},\n  year = {2019}\n}\n`;
  writeTree(dir, files);
  // Real PNG bytes for the images that exist.
  sh(`for f in img/*.png; do printf '\\x89PNG\\r\\n\\x1a\\n\\0\\0\\0\\rIHDR\\0\\0\\0\\x01\\0\\0\\0\\x01\\x08\\x06\\0\\0\\0\\x1f\\x15\\xc4\\x89\\0\\0\\0\\rIDATx\\x9cc\\xf8\\x0f\\0\\0\\x01\\x01\\0\\x05\\x18\\xd8N\\0\\0\\0\\0IEND\\xaeB\\x60\\x82' > "$f"; done`, { cwd: dir });
  return dir;
}

/** An AsciiDoc operations guide in several files: missing includes, attributes nobody set, sections out of sequence, references to anchors that do not exist. */
function asciidocGuide(id) {
  const dir = scratch(id);
  const files = { "snippets/backup.sh": "#!/bin/sh\nrsync -a /data/ backup:/data/\n" };
  for (const [i, station] of STATIONS.slice(0, 10).entries()) {
    const body = [`= ${cap(station)} Station Guide\n:toc:\n:station: ${station}\n`];
    for (let k = 0; k < 4; k++) {
      const level = i % 4 === 1 && k === 2 ? "====" : "==";
      body.push(`[[${station}-${k}]]\n${level} ${cap(VARIABLES[(i + k) % 6])}\n\n${prose(station, i + k, 2)}\n`);
      if (k === 1) body.push(`[source,sh]\n----\ninclude::snippets/${i % 3 === 0 ? "deploy" : "backup"}.sh[]\n----\n`);
      if (k === 2) body.push(`The logger firmware is {firmware-${i % 2 === 0 ? "version" : "release"}}, installed on {install-date}.\n`);
      if (k === 3) body.push(`After a fault, follow <<${i % 5 === 3 ? "rollback" : `${station}-0`}>> and xref:${STATIONS[(i + 1) % 10]}.adoc#${STATIONS[(i + 1) % 10]}-1[the next station].\n`);
    }
    files[`${station}.adoc`] = body.join("\n");
  }
  writeTree(dir, files);
  return dir;
}

/** Manual pages for a station logger's tools: undefined macros, a bad number, an unknown escape, lines too long to fill. */
function manPages(id) {
  const dir = scratch(id);
  const tools = ["stationctl", "logsync", "qcheck", "despike", "gapfill", "archivist"];
  const purposes = ["control a weather station logger", "copy logger files to the archive", "check readings against quality rules", "remove spikes from a series", "fill gaps from neighbour stations", "prune and compress the archive"];
  // One problem per page and option, so that warnings fall all through the rendered text.
  const problems = {
    "0:2": ".Xr stationctl.conf 5\n",
    "1:4": ".sp 1q\n",
    "2:1": "See \\*[station-root]/channels for the channel list.\n",
    "3:0": ".in +x\n",
    "3:5": "Spikes above \\f[CB]threshold\\fR are dropped.\n",
    "4:3": ".ti -3z\n",
    "5:1": "Rotation is \\q weekly.\n",
    "5:4": ".Xr logrotate 8\n",
  };
  const files = {};
  for (const [t, tool] of tools.entries()) {
    const options = [];
    for (const [k, v] of VARIABLES.entries()) {
      options.push(`.TP
.B \\-\\-${v.replace(" ", "-")}
Read the ${v} channel and write it to the daily file.
${problems[`${t}:${k}`] ?? ""}${k === 3 ? `The readings go to \\fI/var/lib/${tool}/archive/hourly/${STATIONS[k]}-readings-quality-controlled-version-four.csv\\fR unless overridden.\n` : ""}`);
    }
    files[`man/${tool}.1`] = `.TH ${tool.toUpperCase()} 1 "March 2024" "station-tools 2.3" "User Commands"
.SH NAME
${tool} \\- ${purposes[t]}
.SH SYNOPSIS
.B ${tool}
[\\fIOPTION\\fR]... \\fISTATION\\fR
.SH DESCRIPTION
${prose(STATIONS[t], t, 3)}
.PP
${prose(STATIONS[t + 3], t + 1, 2)}
.SH OPTIONS
${options.join("")}.SH FILES
.TP
.I /etc/station/${tool}.conf
Settings for every station.
${t === 2 ? ".BI\n" : ""}.SH SEE ALSO
.BR ${tools[(t + 1) % 6]} (1),
.BR ${tools[(t + 2) % 6]} (1)
`;
  }
  writeTree(dir, files);
  return dir;
}

/** Dependency graphs of the processing pipeline: three graphs in one file, the second with a missing bracket. */
function pipelineGraphs(id) {
  const dir = scratch(id);
  const steps = ["fetch", "decode", "despike", "gapfill", "calibrate", "aggregate", "publish"];
  const graph = (name, broken) => {
    const lines = [`digraph ${name} {`, `  rankdir=LR;`, `  node [shape=box, fontname="Helvetica"];`];
    for (const [i, station] of STATIONS.entries()) {
      for (const [k, step] of steps.entries()) {
        if (k + 1 < steps.length) lines.push(`  "${station}_${step}" -> "${station}_${steps[k + 1]}"${k === 2 ? ` [label="${VARIABLES[i % 6]}"]` : ""};`);
      }
      if (broken && i === 6) lines.push(`  "${station}_publish" -> { "archive" "dashboard" ;`);
    }
    lines.push(`  "archive" [shape=${broken ? "cylinder" : "silo"}];`, "}");
    return lines.join("\n");
  };
  writeTree(dir, { "pipeline.dot": `${graph("hourly", false)}\n\n${graph("daily", true)}\n\n${graph("monthly", false)}\n` });
  return dir;
}

/** Readings per station and a gnuplot script that plots them on a text terminal, then uses a variable it never set. */
function plotScript(id) {
  const dir = scratch(id);
  const rand = lcg(5);
  const files = {};
  for (const station of STATIONS.slice(0, 4)) {
    const rows = [];
    for (let day = 1; day <= 60; day++) rows.push(`${day} ${(Math.sin(day / 9) * 8 + rand() * 3 - 2).toFixed(2)} ${(60 + rand() * 30).toFixed(1)}`);
    files[`data/${station}.dat`] = `# day temperature humidity\n${rows.join("\n")}\n`;
  }
  files["report.gp"] = `set terminal dumb size 100,28
set xlabel "day"
set ylabel "temperature (C)"
${STATIONS.slice(0, 3).map((s) => `stats 'data/${s}.dat' using 2 name '${s.toUpperCase()}' nooutput
print sprintf("${s}: mean %.2f, min %.2f, max %.2f over %d days", ${s.toUpperCase()}_mean, ${s.toUpperCase()}_min, ${s.toUpperCase()}_max, ${s.toUpperCase()}_records)
set title "${cap(s)}: daily mean temperature"
plot 'data/${s}.dat' using 1:2 with lines title "${s}"${s === "bergen" ? `, 'data/fjell.dat' using 1:2 with lines title "fjell"` : ""}
`).join("\n")}
set title "Davos: humidity against temperature"
plot 'data/davos.dat' using 2:($3/scale) with points title "davos"
set title "Eiger"
plot 'data/eiger.dat' using 1:2 with lines
`;
  writeTree(dir, files);
  return dir;
}

/** Station readings and an R analysis that prints its tables and models, warns, then calls a column that is not there. */
function rAnalysis(id) {
  const dir = scratch(id);
  const rand = lcg(23);
  const rows = ["station,altitude,month,temperature,humidity,snow"];
  for (const [i, station] of STATIONS.entries()) {
    for (let m = 1; m <= 12; m++) {
      const alt = 400 + i * 180;
      const t = (Math.sin((m - 4) / 1.9) * 9 - alt / 300 + rand() * 2).toFixed(2);
      rows.push(`${station},${alt},${m},${t},${(55 + rand() * 35).toFixed(1)},${m < 4 || m > 10 ? (rand() * 80 * (alt / 1000)).toFixed(1) : i === 4 && m === 6 ? "-3.0" : "0"}`);
    }
  }
  writeTree(dir, {
    "readings.csv": `${rows.join("\n")}\n`,
    "analysis.R": `# Monthly station readings: summaries, a lapse-rate model, and per-station snow models.
readings <- read.csv("readings.csv", stringsAsFactors = TRUE)
cat("Read", nrow(readings), "rows for", nlevels(readings$station), "stations\\n")
print(summary(readings))

by_station <- aggregate(cbind(temperature, humidity, snow) ~ station + altitude, data = readings, FUN = mean)
print(by_station[order(by_station$altitude), ], digits = 3)

lapse <- lm(temperature ~ altitude + factor(month), data = readings)
print(summary(lapse))

log_snow <- log(readings$snow)
cat("log snow finite for", sum(is.finite(log_snow)), "rows\\n")

fit_snow <- function(station_rows) {
  model <- lm(snow ~ month + temperature + exposure, data = station_rows)
  coef(model)[["temperature"]]
}

snow_models <- function(data) {
  sapply(split(data, data$station), fit_snow)
}

report <- function(data) {
  rates <- snow_models(data)
  print(round(rates, 3))
}

report(readings)
cat("done\\n")
`,
  });
  return dir;
}

/** Markdown documentation with misspellings a reviewer would catch, among station names the dictionary lacks. */
function spellingDocs(id) {
  const dir = scratch(id);
  const typos = [["recieve", "receive"], ["calibraton", "calibration"], ["seperate", "separate"], ["occured", "occurred"], ["enviroment", "environment"], ["temperture", "temperature"], ["maintainance", "maintenance"], ["accomodate", "accommodate"], ["definately", "definitely"], ["threshhold", "threshold"]];
  const files = {};
  for (const [i, station] of STATIONS.slice(0, 8).entries()) {
    const paras = [];
    for (let k = 0; k < 5; k++) {
      let text = prose(station, i + k, 2);
      if ((i + k) % 3 === 0) text = text.replace("readings", typos[(i * 5 + k) % typos.length][0]);
      if ((i + k) % 4 === 1) text = text.replace("neighbour", typos[(i * 3 + k + 4) % typos.length][0]);
      paras.push(text);
    }
    files[`docs/${station}.md`] = `# ${cap(station)}\n\n${paras.join("\n\n")}\n`;
  }
  writeTree(dir, files);
  return dir;
}

/** Two networks' station metadata and a stylesheet that reports on them: messages for suspect stations and sensors, calibration files that are not there, and, only for a network with regions, a variable never declared. */
function stationStylesheet(id) {
  const dir = scratch(id);
  const network = (name, stations, region) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<network name="${name}">\n${stations
      .map(
        (s, i) => `  <station id="${s}" altitude="${400 + i * 180}"${region ? ` region="${region}"` : ""}${i === 5 ? "" : ` commissioned="${1990 + i}-0${(i % 9) + 1}-01"`}>
${VARIABLES.map((v, k) => `    <sensor channel="${v}" model="${cap(s).slice(0, 3).toUpperCase()}-${k}" interval="${10 * (k + 1)}"${(i + k) % 7 === 3 ? ' status="drifting"' : ""}/>`).join("\n")}
  </station>`,
      )
      .join("\n")}\n</network>\n`;
  writeTree(dir, {
    "alpine.xml": network("alpine", STATIONS, ""),
    "nordic.xml": network("nordic", ["tromso", "narvik", "kiruna", "bodo", "alta", "vardo"], "north"),
    "report.xsl": `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="text"/>
  <xsl:template match="/network">
    <xsl:text>Network </xsl:text><xsl:value-of select="@name"/><xsl:text>&#10;</xsl:text>
    <xsl:apply-templates select="station"/>
    <xsl:text>Total sensors: </xsl:text><xsl:value-of select="count(station/sensor)"/><xsl:text>&#10;</xsl:text>
  </xsl:template>
  <xsl:template match="station">
    <xsl:value-of select="@id"/><xsl:text> (</xsl:text><xsl:value-of select="@altitude"/><xsl:text> m, since </xsl:text>
    <xsl:value-of select="substring(@commissioned, 1, 4)"/><xsl:text>)&#10;</xsl:text>
    <xsl:if test="@region">
      <xsl:text>  region </xsl:text><xsl:value-of select="@region"/><xsl:text>, head office </xsl:text><xsl:value-of select="$region-office"/><xsl:text>&#10;</xsl:text>
    </xsl:if>
    <xsl:if test="not(@commissioned)">
      <xsl:message>station <xsl:value-of select="@id"/> has no commissioning date</xsl:message>
    </xsl:if>
    <xsl:for-each select="sensor">
      <xsl:text>  </xsl:text><xsl:value-of select="@channel"/><xsl:text>: </xsl:text><xsl:value-of select="@model"/>
      <xsl:text> every </xsl:text><xsl:value-of select="@interval"/><xsl:text> min&#10;</xsl:text>
      <xsl:if test="@status = 'drifting'">
        <xsl:message>sensor <xsl:value-of select="@model"/> at <xsl:value-of select="../@id"/> is drifting</xsl:message>
        <xsl:value-of select="document(concat('calibration/', @model, '.xml'))/calibration/@offset"/>
      </xsl:if>
    </xsl:for-each>
  </xsl:template>
</xsl:stylesheet>
`,
  });
  return dir;
}

/** Themes for the station dashboard built from shared partials: one theme uses a colour variable no partial defines, others trip deprecation warnings. */
function dashboardThemes(id) {
  const dir = scratch(id);
  const themes = ["alpine", "arctic", "coastal", "desert", "forest", "glacier"];
  const files = {
    "scss/_palette.scss": `$base-font: "Helvetica Neue", Arial, sans-serif;\n$radius: 4px;\n@function tint($colour, $amount) { @return mix(white, $colour, $amount); }\n`,
    "scss/_cards.scss": `@mixin card($accent) {\n  border: 1px solid tint($accent, 60%);\n  border-radius: $radius;\n  .card-title { color: $accent; font: bold 1.1em $base-font; }\n  .card-value { color: darken($accent, 20%); }\n}\n`,
  };
  for (const [i, theme] of themes.entries()) {
    const accent = ["#2a6f97", "#5fa8d3", "#168aad", "#c97b2a", "#2d6a4f", "#90e0ef"][i];
    files[`themes/${theme}.scss`] = `@import "../scss/palette";
@import "../scss/cards";
$accent: ${accent};
${i === 3 ? "" : "$accent-strong: darken($accent, 15%);\n"}
body { font-family: $base-font; background: tint($accent, 92%); }
${STATIONS.map((s, k) => `.station-${s} {
  @include card(adjust-hue($accent, ${k * 7}deg));
  .reading { width: ${20 + k}% ; }
}`).join("\n")}
${i === 4 ? ".legend { color: tint($accent); }\n" : ""}${i === 1 ? "@warn \"arctic theme: contrast of .alert is below 4.5 on light backgrounds\";\n" : ""}.alert { color: $accent-strong; border-left: 3px solid $accent-strong; }
`;
  }
  writeTree(dir, files);
  return dir;
}

export default [
  {
    id: "pdflatex-undefined-macros-missing-figure",
    program: "pdflatex",
    category: "CommandOutput",
    setup: () => latexReport("pdflatex-undefined-macros-missing-figure"),
    command: "pdflatex -interaction=nonstopmode report.tex",
    exitCode: 1,
    versions: ["pdflatex --version | head -n 1"],
    note: "the log names this machine's TeX Live files",
    facts: (f) =>
      f
        .errorLines(`grep -E '^! ' "$OUT"`)
        .mustKeep(`grep -E '^l\\.[0-9]+ ' "$OUT"`)
        .mustKeep(`grep -E '^No file chapters/' "$OUT"`)
        .mustKeep(`grep -oE '^Output written on report\\.pdf \\([0-9]+ pages' "$OUT"`)
        .count("overfullBoxes", `grep -c '^Overfull .hbox' "$OUT"`)
        .count("undefinedCitations", `grep -c '^LaTeX Warning: Citation' "$OUT"`),
  },
  {
    id: "bibtex-missing-entries",
    program: "bibtex",
    category: "CommandOutput",
    setup: () => bibliography("bibtex-missing-entries"),
    command: "bibtex survey",
    exitCode: 2,
    versions: ["bibtex --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^(I was expecting|Repeated entry)' "$OUT"`)
        .errorLines(`grep -E "^Warning--I didn't find a database entry" "$OUT"`)
        .mustKeep(`grep -E '^\\(There were [0-9]+ error messages\\)' "$OUT"`)
        .count("warnings", `grep -c '^Warning--' "$OUT"`),
  },
  {
    id: "pandoc-verbose-missing-resources",
    program: "pandoc",
    category: "CommandOutput",
    setup: () => handbook("pandoc-verbose-missing-resources"),
    command: "pandoc --verbose --citeproc handbook.md -o handbook.docx",
    exitCode: 0,
    versions: ["pandoc --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^\\[WARNING\\] ' "$OUT"`)
        .mustKeep(`grep -m1 -E '^\\[INFO\\] Loaded refs\\.bib' "$OUT"`)
        .count("imagesLoaded", `grep -c '^\\[INFO\\] Loaded img/' "$OUT"`),
  },
  {
    id: "asciidoctor-guide-warnings",
    program: "asciidoctor",
    category: "CommandOutput",
    setup: () => asciidocGuide("asciidoctor-guide-warnings"),
    command: "asciidoctor -v --timings -a attribute-missing=warn --failure-level=WARN -D out *.adoc",
    exitCode: 1,
    versions: ["asciidoctor --version | head -n 1"],
    note: "asciidoctor's timings vary",
    facts: (f) =>
      f
        .errorLines(`grep -E '^asciidoctor: ERROR: ' "$OUT"`)
        .errorLines(`grep -E 'section title out of sequence' "$OUT"`)
        .mustKeep(`grep -E 'possible invalid reference' "$OUT" | sort -u`)
        .count("warnings", `grep -c '^asciidoctor: WARNING: ' "$OUT"`)
        .count("inputs", `grep -c '^Input file: ' "$OUT"`),
  },
  {
    id: "groff-man-warnings",
    program: "groff",
    category: "CommandOutput",
    setup: () => manPages("groff-man-warnings"),
    command: "for page in man/*.1; do groff -man -ww -Tutf8 -P-cbou \"$page\"; done",
    exitCode: 0,
    versions: ["groff --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^troff: .*: warning' "$OUT"`)
        .mustKeep(`grep -E '^ +despike - ' "$OUT"`)
        .count("pages", `grep -cE '^[A-Z]+\\(1\\) +User Commands' "$OUT"`),
  },
  {
    id: "dot-graph-syntax-error",
    program: "dot",
    category: "CommandOutput",
    setup: () => pipelineGraphs("dot-graph-syntax-error"),
    command: "dot -Tplain pipeline.dot",
    exitCode: 1,
    versions: ["dot -V 2>&1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^(Error|Warning): ' "$OUT"`)
        .mustKeep(`grep -m1 -E '^graph 1 ' "$OUT"`)
        .count("nodes", `grep -c '^node ' "$OUT"`)
        .count("edges", `grep -c '^edge ' "$OUT"`),
  },
  {
    id: "gnuplot-dumb-undefined-variable",
    program: "gnuplot",
    category: "CommandOutput",
    setup: () => plotScript("gnuplot-dumb-undefined-variable"),
    command: "gnuplot report.gp",
    exitCode: 1,
    versions: ["gnuplot --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^"report\\.gp" line [0-9]+: ' "$OUT"`)
        .mustKeep(`grep -E '^[a-z]+: mean ' "$OUT"`),
  },
  {
    id: "rscript-analysis-error",
    program: "Rscript",
    category: "CommandOutput",
    setup: () => rAnalysis("rscript-analysis-error"),
    command: "Rscript analysis.R",
    exitCode: 1,
    versions: ["Rscript --version"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^(Error in|Calls:|Execution halted)' "$OUT"`)
        .errorLines(`grep -E '^In log\\(' "$OUT"`)
        .mustKeep(`grep -E '^(Read [0-9]+ rows|Multiple R-squared|log snow finite)' "$OUT"`),
  },
  {
    id: "hunspell-docs-misspellings",
    program: "hunspell",
    category: "CommandOutput",
    setup: () => spellingDocs("hunspell-docs-misspellings"),
    command: "hunspell -u3 -d en_US docs/*.md",
    exitCode: 0,
    versions: ["hunspell -v | head -n 1", "dpkg-query -W -f '${Version}' hunspell-en-us"],
    facts: (f) =>
      f
        .errorLines(`grep -vE 'Locate: ([A-Z]|neighbour )' "$OUT"`)
        .count("findings", `grep -c 'Locate: ' "$OUT"`)
        .count("files", `cut -d: -f1 "$OUT" | sort -u | wc -l`),
  },
  {
    id: "xsltproc-stylesheet-runtime-errors",
    program: "xsltproc",
    category: "CommandOutput",
    setup: () => stationStylesheet("xsltproc-stylesheet-runtime-errors"),
    command: "xsltproc report.xsl alpine.xml nordic.xml",
    exitCode: 10,
    versions: ["xsltproc --version | head -n 1"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^(runtime error|Variable |XPath error|no result for)' "$OUT" | sort -u`)
        .mustKeep(`grep -E '^station .* has no commissioning date' "$OUT"`)
        .mustKeep(`grep -E '^Total sensors: ' "$OUT"`)
        .count("drifting", `grep -c 'is drifting$' "$OUT"`),
  },
  {
    id: "sassc-themes-undefined-variable",
    program: "sassc",
    category: "CommandOutput",
    setup: () => dashboardThemes("sassc-themes-undefined-variable"),
    command: "rc=0; for theme in themes/*.scss; do echo \"== $theme\"; sassc -t expanded \"$theme\" || rc=1; done; exit $rc",
    exitCode: 1,
    versions: ["dpkg-query -W -f 'sassc ${Version}' sassc"],
    facts: (f) =>
      f
        .errorLines(`grep -E '^Error: ' "$OUT"`)
        .mustKeep(`grep -A1 -E '^Error: ' "$OUT" | grep -E '^ +on line '`)
        .mustKeep(`grep -E '^WARNING: ' "$OUT"`)
        .count("themes", `grep -c '^== ' "$OUT"`),
  },
];
