import assert from "node:assert/strict";
import {
  createLazySpeller,
  indexDictionary,
  KEY,
  type NSpellLike,
} from "../annotator/word_list.ts";
import { MersenneTwister } from "../util/mt19937.ts";

const [nspellMod, dictMod] = await Promise.all([
  import("npm:nspell@2.1.5"),
  import("npm:dictionary-en-gb@3.0.0"),
]);
const dictionary: { aff: unknown; dic: { toString(encoding: string): string } } = dictMod.default;
const dic = dictionary.dic.toString("utf8");
const fresh = (): NSpellLike => nspellMod.default({ aff: dictionary.aff });
const full = nspellMod.default(dictionary) as NSpellLike & { data: Record<string, unknown> };
const forms = Object.keys(full.data);

/** Every form of the dictionary, its spellings in capitals, capitalised and in lower case, and near misses. */
function questions(twister: MersenneTwister): string[] {
  const out: string[] = [];
  for (const form of forms) {
    out.push(form, form.toUpperCase(), form[0].toUpperCase() + form.slice(1), form.toLowerCase());
    const at = Math.floor(twister.random() * form.length);
    out.push(form.slice(0, at) + form.slice(at + 1), `${form}s`, `un${form}`, `re${form}`);
  }
  out.push("", " ", "1st", "22nd", "3th", "10th", "1000", "x1", "co’operate", "don’t", "isn’t");
  for (let i = out.length - 1; i > 0; i--) {
    const k = Math.floor(twister.random() * (i + 1));
    [out[i], out[k]] = [out[k], out[i]];
  }
  return out;
}

Deno.test("createLazySpeller() answers as nspell with the whole dictionary, on every form of dictionary-en-gb", () => {
  assert.ok(forms.length > 100_000, `${forms.length} forms`);
  const lazy = createLazySpeller(fresh(), dic);
  const twister = new MersenneTwister(17);
  let words = 0;
  for (const word of questions(twister)) {
    if (lazy(word) !== full.correct(word)) {
      assert.fail(`"${word}": nspell says ${full.correct(word)}`);
    }
    if (full.correct(word)) words++;
  }
  assert.ok(words > 400_000, `${words} words`);
});

Deno.test("createLazySpeller() reads only the stems a word can come from (fresh spellers, one word each)", () => {
  const speller = fresh();
  const index = indexDictionary(dic, new Set(Object.keys(speller.compoundRuleCodes)));
  assert.ok(index.groups.size > 10_000 && index.first.length < 10_000);
  const twister = new MersenneTwister(23);
  for (let trial = 0; trial < 100; trial++) {
    const form = forms[Math.floor(twister.random() * forms.length)];
    for (const word of [form, form.toUpperCase(), `${form.slice(0, KEY)}zz`]) {
      const lazy = createLazySpeller(fresh(), dic, index);
      assert.equal(lazy(word), full.correct(word), word);
    }
  }
});
