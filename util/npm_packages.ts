/**
 * Every npm module gecscore loads on demand ({@linkcode importNpm} in `util/npm.ts`), written as
 * literal imports so that `deno cache` (run by `deno task setup`) fetches them all: an installed
 * `gecscore` (`--cached-only`) then never needs the network. No program imports this file;
 * `tests/dependencies_test.ts` checks that every specifier given to `importNpm` is here.
 *
 * @module
 */

/** Load every on-demand npm module (what `deno cache util/npm_packages.ts` fetches). */
export function loadAll(): Promise<unknown[]> {
  return Promise.all([
    import("npm:string-width@7.2.0"),
    import("npm:saxes@6.0.0"),
    import("npm:vega@6.4.0"),
    import("npm:vega-lite@6.4.1"),
    import("npm:nspell@2.1.5"),
    import("npm:dictionary-en-gb@3.0.0"),
    import("npm:lancaster-stemmer@2.1.0"),
    import("npm:wink-lexicon@2.2.0/src/lexicon.js"),
    import("npm:wink-pos-tagger@2.2.2/src/unigram-tagger.js"),
    import("npm:wink-lemmatizer@3.0.4"),
    import("npm:wink-pos-tagger@2.2.2/src/rules/value-rules-le0.js"),
    import("npm:wink-pos-tagger@2.2.2/src/rules/pos-rules-le0.js"),
    import("npm:wink-pos-tagger@2.2.2/src/rules/value-rules-ge0.js"),
    import("npm:wink-pos-tagger@2.2.2/src/rules/pos-rules-ge0.js"),
    // The Chinese pack's traditional-to-simplified conversion (langs/zh/t2s.ts).
    import("npm:opencc-js@1.4.2/t2cn"),
  ]);
}
