import { keepImportant } from "../../assembly/important";
import { isNoticeLine } from "../../assembly/important/notice";

function notice(line: string): bool {
  return isNoticeLine(line, 0, line.length);
}

/** `n` lines of build progress, none flagged. */
function progress(n: i32, from: i32): string {
  let out = "";
  for (let i = 0; i < n; i++) out += "[INFO] compiling module " + (from + i).toString() + " of the billing service into target/classes\n";
  return out;
}

describe("notice lines", () => {
  it("takes a line opened by a level below warning", () => {
    expect(notice("[INFO] Error stacktraces are turned on.")).toBe(true);
    expect(notice("INFO    worker [job 7] retried after error")).toBe(true);
    expect(notice("DEBUG: error handler installed")).toBe(true);
    expect(notice("  <NOTICE> failover enabled")).toBe(true);
    expect(notice("VERBOSE\treporting errors to stderr")).toBe(true);
  });

  it("leaves other levels, the word inside a longer one, and a level later in the line", () => {
    expect(notice("[ERROR] COMPILATION ERROR :")).toBe(false);
    expect(notice("WARNING: ThreadSanitizer: data race")).toBe(false);
    // Lower case is a word of the message, and INFORMATION is no level tag.
    expect(notice("info error: cannot open file")).toBe(false);
    expect(notice("INFORMATION error log follows")).toBe(false);
    expect(notice("2024-03-14 02:20:07 INFO error budget")).toBe(false);
    // A level with nothing after it on its line names no notice.
    expect(notice("INFO")).toBe(false);
  });
});

describe("the first error slot", () => {
  it("goes to the first error that is no notice", () => {
    // lines 1–20: progress; line 21: a notice naming a setting (flagged: "Error");
    // lines 22–61: progress; line 62: the first real error; lines 63–102: progress;
    // lines 103, 104: two more errors.
    const text = progress(20, 0) + "[INFO] Error stacktraces are turned on.\n" + progress(40, 20)
      + "[ERROR] src/main/java/shop/billing/Dunning.java:[8,43] cannot find symbol dueDate in Invoice\n"
      + progress(40, 60)
      + "[ERROR] src/main/java/shop/billing/Exporter.java:[13,23] incompatible types: BigDecimal to double\n"
      + "[ERROR] Failed to execute goal compile on project billing: Compilation failure, see above\n";
    // A budget for about two error lines: the real errors take them, not line 21.
    const out = keepImportant(text, 360, 0.5, "");
    expect(out.includes("Dunning.java:[8,43]")).toBe(true);
    expect(out.includes("Error stacktraces")).toBe(false);
  });

  it("stays with the first line when every error is a notice", () => {
    // lines 1–20: progress; line 21: a notice with "Error"; lines 22–61: progress;
    // lines 62, 63: two more notices with "error".
    const text = progress(20, 0) + "[INFO] Error reporting is verbose for this build of the service\n" + progress(40, 20)
      + "[INFO] error budget at 80 percent of the monthly allowance\n"
      + "[INFO] retry on error set to 3 attempts\n";
    const out = keepImportant(text, 360, 0.5, "");
    expect(out.includes("Error reporting is verbose")).toBe(true);
  });
});
