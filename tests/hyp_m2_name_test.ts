import assert from "node:assert/strict";
import { main } from "../cli.ts";

Deno.test("gecscore score names a --hyp-m2 system without its extension", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_hypname_" });
  try {
    await Deno.copyFile("tests/testdata/errant/hyp.m2", `${dir}/AMU.errant`);
    let out = "", err = "";
    const code = await main([
      "score",
      "--gold",
      "tests/testdata/errant/ref.m2",
      "--hyp-m2",
      `${dir}/AMU.errant`,
      "-m",
      "errant",
      "--format",
      "json",
    ], { out: (t) => out += t, err: (t) => err += t });
    assert.equal(code, 0, err);
    const report = JSON.parse(out);
    assert.equal(report.systems[0].name, "AMU");
    assert.equal(report.systems[0].path, `${dir}/AMU.errant`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
