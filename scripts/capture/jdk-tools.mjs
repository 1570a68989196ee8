// The JDK's own tools beyond javac and the runtime: javadoc checking a library's doc comments
// (warnings over many files, errors for broken references), jdeps listing a jar's package
// dependencies with the ones not on the class path, and keytool listing a trust store made of
// Debian's Mozilla CA certificates.
import { scratch, sh, writeTree } from "./lib.mjs";

const CLASSES = ["Order", "Invoice", "Customer", "Address", "Cart", "Coupon", "Payment", "Refund", "Shipment", "Warehouse", "Supplier", "Product", "Category", "Review", "Wishlist", "Receipt"];

/** One class of the shop library; some doc comments lack tags, two refer to things that do not exist. */
function shopClass(name, i) {
  const brokenLink = i === 5 ? "{@link CouponRegistry#lookup(String)}" : i === 11 ? "{@link Product#priceAt(java.time.Instant)}" : "{@link Object}";
  const paramDoc = i % 3 === 0 ? "" : "   * @param cents the amount in cents\n";
  const returnDoc = i % 4 === 0 ? "" : "   * @return the new total in cents\n";
  return `package shop.model;

/**
 * A ${name.toLowerCase()} of the shop; see ${brokenLink}.
 */
public class ${name} {
  private long total;
  private final String id;

  /**
   * Makes a ${name.toLowerCase()}.
   */
  public ${name}(String id) {
    this.id = id;
  }

  /**
   * Adds an amount to the ${name.toLowerCase()}.
${paramDoc}${returnDoc}   */
  public long add(long cents) {
    total += cents;
    return total;
  }

  public String id() {
    return id;
  }

  /**
   * The total, rounded to whole units.
   * @param mode how to round
   */
  public long rounded(java.math.RoundingMode mode) {
    return java.math.BigDecimal.valueOf(total).divide(java.math.BigDecimal.valueOf(100), mode).longValue();
  }
}
`;
}

function shopLibrary(id) {
  const dir = scratch(id);
  const files = {};
  CLASSES.forEach((name, i) => (files[`src/shop/model/${name}.java`] = shopClass(name, i)));
  files["src/shop/model/package-info.java"] = "/** The shop's model: orders, invoices and what they refer to. */\npackage shop.model;\n";
  writeTree(dir, files);
  return dir;
}

export default [
  {
    id: "javadoc-doclint-broken-links",
    program: "javadoc",
    category: "CommandOutput",
    setup: () => shopLibrary("javadoc-doclint-broken-links"),
    command: "javadoc -Xdoclint:all -d build/docs -sourcepath src -subpackages shop",
    exitCode: 1,
    versions: ["javadoc --version"],
    note: "a 16-class library written by the capture script; doc comments lack @param, @return and comments, two link to members that do not exist",
    facts: (f) =>
      f
        .errorLines(`grep -E ': error: ' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ errors?$' "$OUT"`)
        .mustKeep(`grep -E '^[0-9]+ warnings?$' "$OUT"`)
        .count("warnings", `grep -c ': warning: ' "$OUT"`),
  },
  {
    id: "jdeps-package-not-found",
    program: "jdeps",
    category: "CommandOutput",
    cwd: "/usr/share/java",
    command: "jdeps -verbose:package guice.jar",
    exitCode: 0,
    versions: ["jdeps --version", "dpkg-query -W -f '${Package} ${Version}' libguice-java"],
    note: "Guice as Debian packages it, analysed without its dependencies on the class path",
    facts: (f) =>
      f
        .errorLines(`grep -E '^guice\\.jar -> not found$' "$OUT"`)
        .mustKeep(`grep -E 'not found$' "$OUT" | awk '$3 != "not" {print $3}' | sort -u`)
        .count("notFound", `grep -c 'not found$' "$OUT"`)
        .count("lines", `wc -l < "$OUT"`),
  },
  {
    id: "keytool-list-truststore",
    program: "keytool",
    category: "CommandOutput",
    setup: () => {
      const dir = scratch("keytool-list-truststore");
      // The first 60 of the bundle, by file name, each under its name in lower case.
      sh(
        `ls /usr/share/ca-certificates/mozilla/*.crt | head -n 60 | while read -r crt; do a=$(basename "$crt" .crt | tr 'A-Z' 'a-z'); keytool -importcert -noprompt -keystore truststore.p12 -storetype PKCS12 -storepass changeit -alias "$a" -file "$crt" >/dev/null 2>&1 || exit 1; done`,
        { cwd: dir },
      );
      return dir;
    },
    command: "keytool -list -v -keystore truststore.p12 -storepass changeit",
    exitCode: 0,
    versions: ["java -version 2>&1 | head -n 1", "dpkg-query -W -f '${Package} ${Version}' ca-certificates"],
    note: "a trust store the setup made of 60 certificates of this machine's ca-certificates package; each entry's creation date is the day of the capture",
    facts: (f) =>
      f
        .mustKeep(`grep -E '^Your keystore contains [0-9]+ entries' "$OUT"`)
        .mustKeep(`grep -E '^Keystore type: ' "$OUT"`)
        .mustKeep(`grep -E '^Alias name: ' "$OUT" | sed -n '1p;$p'`)
        .count("entries", `grep -c '^Alias name: ' "$OUT"`),
  },
];
