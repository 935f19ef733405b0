/**
 * The report's layout and charts as a reader sees them: the summary table whole on common
 * screens (headless Chromium when installed), charts that name a headline once, label every
 * axis tick, fit their axes to the scores and keep labels apart.
 */
import assert from "node:assert/strict";
// deno-lint-ignore no-import-prefix
import puppeteer from "npm:puppeteer-core@25.16.0";
import { main } from "../cli.ts";
import { placeLabels } from "../report/charts.ts";

const GOLD = "tests/testdata/m2scorer_example.m2";
const SYSTEMS = [
  "tests/testdata/m2scorer_example_system",
  "tests/testdata/m2scorer_example_system2",
];
const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser", Deno.env.get("CHROMIUM_PATH")]
  .find((path) => {
    try {
      return !!path && Deno.statSync(path).isFile;
    } catch {
      return false;
    }
  });

/** Write a report of `systems` (copies of the example systems under CoNLL-like names). */
async function report(dir: string, count: number, ...extra: string[]): Promise<string> {
  const names = ["AMU", "CAMB", "CUUI", "IITB", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC"];
  const paths = [];
  for (let k = 0; k < count; k++) {
    const path = `${dir}/${names[k % names.length]}${k >= names.length ? k : ""}`;
    await Deno.copyFile(SYSTEMS[k % 2], path);
    paths.push(path);
  }
  let err = "";
  const file = `${dir}/report.html`;
  const code = await main(["report", "--gold", GOLD, ...paths, "-o", file, ...extra], {
    out: () => {},
    err: (t) => err += t,
  });
  assert.equal(code, 0, err);
  return await Deno.readTextFile(file);
}

Deno.test("report charts name each headline once, label every tick and fit axes to the scores", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gecscore_layout_" });
  try {
    const html = await report(dir, 3, "--no-significance");
    assert.doesNotMatch(html, /gleu gleu/, "the GLEU headline is named once");
    const svgs = html.match(/<svg[^>]*class="chart"[\s\S]*?<\/svg>/g) ?? [];
    assert.ok(svgs.length >= 3);
    for (const svg of svgs) {
      const title = svg.match(/<title[^>]*>([^<]*)</)?.[1];
      const labels = [...svg.matchAll(/role-axis-label[^>]*>([\s\S]*?)<\/g>/g)].flatMap((
        g,
      ) => [...g[1].matchAll(/<text[^>]*opacity="([^"]*)"[^>]*>([^<]*)</g)]);
      const hidden = labels.filter((l) => l[1] === "0").map((l) => l[2]);
      assert.deepEqual(hidden, [], `${title}: ticks without a label`);
    }
    // The GLEU scores (about 0.3 to 0.6) on an axis that does not start at 0.
    const gleu = svgs.find((s) => /<title[^>]*>gleu by system/.test(s));
    assert.ok(gleu, "a GLEU score chart");
    const ticks = [...gleu.matchAll(/role-axis-label[^>]*>([\s\S]*?)<\/g>/g)][0][1];
    const first = Number(ticks.match(/<text[^>]*>([^<]*)</)![1].replace("\u2212", "-"));
    assert.ok(first > 0, `the axis starts at ${first}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("placeLabels() keeps the labels of crowded points apart", () => {
  // The CoNLL-2014 systems' M2 F0.5 and expected wins, where PKU/UMC and CAMB/CUUI crowd.
  const points = [
    ["AMU", 0.3501, 0.628],
    ["CAMB", 0.3733, 0.561],
    ["CUUI", 0.3679, 0.55],
    ["IITB", 0.059, 0.485],
    ["IPN", 0.0709, 0.3],
    ["NTHU", 0.2992, 0.437],
    ["PKU", 0.2532, 0.506],
    ["POST", 0.3088, 0.539],
    ["RAC", 0.2668, 0.566],
    ["SJTU", 0.1519, 0.463],
    ["UFC", 0.0784, 0.513],
    ["UMC", 0.2537, 0.495],
  ].map(([label, x, y]) => ({ label: label as string, x: x as number, y: y as number }));
  const xDomain: [number, number] = [0.03, 0.4], yDomain: [number, number] = [0.27, 0.66];
  const width = 320, height = 260;
  const places = placeLabels(points, xDomain, yDomain, width, height);
  const box = (i: number) => {
    const px = (places[i].x - xDomain[0]) / (xDomain[1] - xDomain[0]) * width;
    const py = height - (places[i].y - yDomain[0]) / (yDomain[1] - yDomain[0]) * height;
    const w = 6 * points[i].label.length;
    const left = places[i].align === "left" ? px : px - w;
    return [left, py - 5, left + w, py + 5];
  };
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const [a, b] = [box(i), box(j)];
      const overlap = a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
      assert.ok(!overlap, `${points[i].label} and ${points[j].label} overlap`);
    }
  }
});

Deno.test({
  name:
    "report summary table is whole at 1400 and 1920 px wide (12 systems, 3 metrics and the default four)",
  ignore: !CHROMIUM,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ dir: "/tmp", prefix: "gecscore_layout_" });
    const browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      pipe: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        `--user-data-dir=${dir}/profile`,
      ],
    });
    try {
      const page = await browser.newPage();
      // The default metrics (m2, imeasure, gleu, green) and three named ones.
      for (const metrics of [[], ["-m", "m2,imeasure,gleu"]]) {
        const html = await report(dir, 12, "--ranks", ...metrics);
        const columns = html.match(/<table class="summary">[\s\S]*?<\/thead>/)![0]
          .match(/<th scope="col"/g)!.length;
        assert.equal(columns, 1 + 4 * (metrics.length ? 3 : 4), "score, CI, p and rank each");
        for (const width of [1400, 1920]) {
          await page.setViewport({ width, height: 900 });
          await page.goto(`file://${dir}/report.html`, { waitUntil: "load" });
          const fit = await page.evaluate(`(() => {
            const table = document.querySelector("table.summary");
            const box = table.closest(".scroll");
            return { table: table.scrollWidth, box: box.clientWidth, page: innerWidth };
          })()`) as { table: number; box: number; page: number };
          const what = `${metrics.join(" ") || "default metrics"}, ${width} px`;
          assert.ok(fit.table <= fit.box, `${what}: table ${fit.table} px in ${fit.box} px`);
        }
      }
    } finally {
      await browser.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
