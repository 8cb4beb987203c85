/**
 * `mastra-tool-names/runtime` (src/runtime/index.ts): the names it gives imported tool sets. Unit
 * cases for each kind of awkward name, a fast-check property (legal, unique, order-independent and
 * left alone by Mastra's own rule), and captures against real @mastra/core in
 * test/runtime-helper-capture.test.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { isLegalToolName, toWireName } from '../src/names/wire-name.ts';
import { normaliseTools, type NormaliseOptions } from '../src/runtime/index.ts';
import { toolKey } from './harness/arbitraries.ts';

const SEED = Number(process.env.MTN_FC_SEED ?? 20261203);
const RUNS = Number(process.env.MTN_FC_RUNS ?? 2000);

/** A record with these own keys (defineProperty, so `__proto__` is a key), each tool a fresh object. */
function toolSet(originals: readonly string[]): Record<string, { id: string }> {
  const out: Record<string, { id: string }> = {};
  for (const o of originals)
    Object.defineProperty(out, o, {
      value: { id: o },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

const offered = (originals: readonly string[], options?: NormaliseOptions) =>
  normaliseTools(toolSet(originals), options).names.list.map((e) => e.offered);
const HASHED = /_[0-9a-z]{7}$/;
const SURROGATE = /[\uD800-\uDFFF]/;

describe('normaliseTools: one name at a time', () => {
  test('dots, colons and slashes: the name Mastra would have sent, from the same rule as the CLI', () => {
    const originals = ['github.search_code', 'linear:issue.create', 'fs/read_file', 'get-team'];
    const { tools, names } = normaliseTools(toolSet(originals));
    assert.deepEqual(Object.keys(tools), [
      'github_search_code',
      'linear_issue_create',
      'fs_read_file',
      'get-team',
    ]);
    assert.deepEqual(Object.keys(tools), originals.map(toWireName));
    assert.deepEqual(
      names.list.map((e) => e.how),
      ['normalised', 'normalised', 'normalised', 'kept'],
    );
    assert.equal(names.offered('github.search_code'), 'github_search_code');
    assert.equal(names.original('linear_issue_create'), 'linear:issue.create');
    // The same tool objects, not copies: Mastra reads their id, schema and execute.
    const input = toolSet(['a.b']);
    assert.equal(normaliseTools(input).tools.a_b, input['a.b']);
  });

  test('a leading digit or dash gets the `_` Mastra would give it', () => {
    assert.deepEqual(offered(['9lives', '-dash', '.dot']), ['_9lives', '_-dash', '_dot']);
  });

  test('a prefix is joined before the rule, so an illegal prefix is normalised and counts toward the cut', () => {
    const { names } = normaliseTools(toolSet(['search.issues', 'get-team']), {
      prefix: 'linear.app_',
    });
    assert.deepEqual(names.list, [
      { original: 'search.issues', offered: 'linear_app_search_issues', how: 'normalised' },
      { original: 'get-team', offered: 'linear_app_get-team', how: 'normalised' },
    ]);
    assert.deepEqual(offered(['get-team'], { prefix: 'linear_' }), ['linear_get-team']);
    assert.deepEqual(normaliseTools(toolSet(['x']), { prefix: 'p_' }).names.list[0]!.how, 'kept');
  });

  test('a long prefix: every name is cut to 63 with the prefix counted', () => {
    const prefix = 'mcp_server_with_a_rather_long_registry_name_v2_';
    const [name] = offered(['list_repository_collaborators'], { prefix });
    assert.equal(name, (prefix + 'list_repository_collaborators').slice(0, 63));
    assert.equal(name.length, 63);
  });

  test('maxLength below 63 cuts further; out of range it is refused', () => {
    assert.deepEqual(offered(['a'.repeat(50)], { maxLength: 40 }), ['a'.repeat(40)]);
    assert.throws(
      () => offered(['a'], { maxLength: 64 }),
      /maxLength must be a whole number from 1 to 63/,
    );
    assert.throws(() => offered(['a'], { maxLength: 0 }), RangeError);
    assert.throws(() => offered(['a'], { maxLength: 8, onCollision: 'hash' }), /from 9 to 63/);
    assert.deepEqual(offered(['a'.repeat(20)], { maxLength: 9, onCollision: 'hash' }), [
      'a'.repeat(9),
    ]);
  });

  test('bad options and inputs are clear errors', () => {
    assert.throws(
      () => offered(['a'], { onCollision: 'first' as 'fail' }),
      /onCollision must be 'fail' or 'hash', not "first"/,
    );
    assert.throws(() => normaliseTools(null as unknown as Record<string, unknown>), TypeError);
  });
});

describe('normaliseTools: collisions', () => {
  test("'fail' (the default) throws, naming both originals and the shared name", () => {
    assert.throws(
      () => offered(['github.search', 'github:search']),
      (e: Error) =>
        e.message.includes(
          '"github.search" and "github:search" would both be offered as "github_search"',
        ),
    );
  });

  test("'hash': each tool in the clash gets its own stable suffix from its original name", () => {
    const [a, b] = offered(['github.search', 'github:search'], { onCollision: 'hash' });
    assert.match(a!, /^github_search_[0-9a-z]{7}$/);
    assert.match(b!, /^github_search_[0-9a-z]{7}$/);
    assert.notEqual(a, b);
    // The suffix comes from the original alone: the same tool keeps it whatever clashes with it.
    assert.equal(offered(['github.search', 'github/search'], { onCollision: 'hash' })[0], a);
  });

  test('a name that is its own original keeps it; only the rewritten ones get a suffix', () => {
    const { names } = normaliseTools(toolSet(['a.b', 'a_b', 'a:b']), { onCollision: 'hash' });
    assert.equal(names.offered('a_b'), 'a_b');
    assert.match(names.offered('a.b'), /^a_b_[0-9a-z]{7}$/);
    assert.match(names.offered('a:b'), /^a_b_[0-9a-z]{7}$/);
    assert.throws(() => offered(['a.b', 'a_b']), /"a\.b" and "a_b" would both be offered as "a_b"/);
  });

  test('collisions after the 63-character cut: fail names both, hash keeps 63 and the shared head', () => {
    const head = 'list_issues_assigned_to_the_current_user_in_the_active_cycle_';
    const originals = [`${head}open`, `${head}closed`].map((n) => `linear.app_${n}`);
    assert.equal(toWireName(originals[0]!), toWireName(originals[1]!), 'Mastra would clash them');
    assert.throws(
      () => offered(originals),
      (e: Error) => e.message.includes(`"${originals[0]}" and "${originals[1]}" would both`),
    );
    const names = offered(originals, { onCollision: 'hash' });
    for (const n of names) {
      assert.equal(n.length, 63);
      assert.ok(n.startsWith(toWireName(originals[0]!).slice(0, 55)), n);
      assert.match(n, HASHED);
    }
    assert.notEqual(names[0], names[1]);
    const short = offered(originals, { onCollision: 'hash', maxLength: 30 });
    assert.deepEqual(
      short.map((n) => n.length),
      [30, 30],
    );
  });

  test('three or more in one clash are all named in the error', () => {
    assert.throws(() => offered(['x.y', 'x:y', 'x/y']), /"x\.y" and "x:y" and "x\/y" would all be/);
  });
});

describe('normaliseTools: empty names and UTF-16', () => {
  test('an empty name: fail says how to name it; hash gives it a suffix alone; a prefix or rename names it', () => {
    assert.throws(
      () => offered(['', 'a']),
      /a tool has an empty name; name it with rename: \{ "": "\.\.\." \}/,
    );
    const [empty] = offered(['', 'a'], { onCollision: 'hash' });
    assert.match(empty!, /^_[0-9a-z]{7}$/);
    assert.deepEqual(offered(['', 'a'], { prefix: 'srv_' }), ['srv_', 'srv_a']);
    assert.deepEqual(offered([''], { rename: { '': 'unnamed' } }), ['unnamed']);
  });

  test('an emoji (a surrogate pair) becomes two underscores, as Mastra makes it; no half pair is ever offered', () => {
    assert.deepEqual(offered(['search😀']), ['search__']);
    // The pair straddles the cut: the cut comes after the rule, on ASCII, so no lone half remains.
    const straddling = 'a'.repeat(62) + '😀';
    const [cut] = offered([straddling]);
    assert.equal(cut, 'a'.repeat(62) + '_');
    assert.doesNotMatch(cut, SURROGATE);
    // A lone surrogate (a broken remote name) is one invalid unit.
    assert.deepEqual(offered(['x\uD83D']), ['x_']);
  });

  test('originals that differ only in an emoji clash; hash tells them apart and the lookups take the emoji', () => {
    assert.throws(() => offered(['mood😀', 'mood😁']), /would both be offered as "mood__"/);
    const { names } = normaliseTools(toolSet(['mood😀', 'mood😁']), { onCollision: 'hash' });
    assert.notEqual(names.offered('mood😀'), names.offered('mood😁'));
    assert.equal(names.original(names.offered('mood😁')), 'mood😁');
    for (const e of names.list) assert.doesNotMatch(e.offered, SURROGATE);
  });
});

describe('normaliseTools: rename, lookups, record shape, promises', () => {
  test('rename is used exactly, wins its clash, and reports entries for tools the set lacks', () => {
    const { names } = normaliseTools(toolSet(['github.search_code', 'github_search_code']), {
      rename: { 'github.search_code': 'code_search', 'github.gone': 'gone' },
      prefix: 'gh_',
    });
    assert.deepEqual(names.list, [
      { original: 'github.search_code', offered: 'code_search', how: 'renamed' },
      { original: 'github_search_code', offered: 'gh_github_search_code', how: 'kept' },
    ]);
    assert.deepEqual(names.unusedRenames, ['github.gone']);
    // A rename target taken by another tool: the user's pick wins, the other is hashed or fails.
    const taken = { rename: { 'a.b': 'c' } };
    assert.throws(
      () => offered(['a.b', 'c'], taken),
      /"a\.b" and "c" would both be offered as "c"/,
    );
    const [renamed, other] = offered(['a.b', 'c'], { ...taken, onCollision: 'hash' });
    assert.equal(renamed, 'c');
    assert.match(other!, /^c_[0-9a-z]{7}$/);
  });

  test('a rename target that is illegal, too long or picked twice throws, whatever the strategy', () => {
    assert.throws(() => offered(['a'], { rename: { a: 'b.c' } }), /rename of "a" to "b\.c"/);
    assert.throws(
      () => offered(['a'], { rename: { a: 'x'.repeat(11) }, maxLength: 10 }),
      RangeError,
    );
    assert.throws(
      () => offered(['a', 'b'], { rename: { a: 'c', b: 'c' }, onCollision: 'hash' }),
      /rename gives "a" and "b" the same name "c"/,
    );
  });

  test('lookups of a name the set does not have throw; Object.prototype names are plain tools', () => {
    const { tools, names } = normaliseTools(toolSet(['__proto__', 'constructor', 'toString']));
    assert.deepEqual(Object.keys(tools), ['__proto__', 'constructor', 'toString']);
    assert.equal(Object.getPrototypeOf(tools), Object.prototype);
    assert.deepEqual(Object.getOwnPropertyDescriptor(tools, '__proto__')?.value, {
      id: '__proto__',
    });
    assert.throws(
      () => names.offered('hasOwnProperty'),
      /no tool originally named "hasOwnProperty"/,
    );
    assert.throws(() => names.original('nope'), /no tool offered as "nope"/);
  });

  test('a promise of a record gives a promise; a tool named `then` is not a promise', async () => {
    const pending = normaliseTools(Promise.resolve(toolSet(['srv.a'])), { prefix: 'p_' });
    assert.ok(pending instanceof Promise);
    assert.deepEqual((await pending).names.list, [
      { original: 'srv.a', offered: 'p_srv_a', how: 'normalised' },
    ]);
    assert.deepEqual(Object.keys(normaliseTools(toolSet(['then'])).tools), ['then']);
    await assert.rejects(
      normaliseTools(Promise.resolve(toolSet(['a'])), { maxLength: 99 }),
      RangeError,
    );
  });

  test('order: tools keep the input order; the names do not depend on it', () => {
    const originals = [
      'z.tool',
      'a:tool',
      'a.tool',
      'a_tool',
      'b'.repeat(70),
      `${'b'.repeat(63)}x`,
    ];
    const forward = normaliseTools(toolSet(originals), { onCollision: 'hash' });
    const backward = normaliseTools(toolSet([...originals].reverse()), { onCollision: 'hash' });
    assert.deepEqual(
      forward.names.list.map((e) => e.original),
      originals,
    );
    const sorted = (l: readonly { original: string; offered: string }[]) =>
      l.map((e) => `${e.original} -> ${e.offered}`).sort();
    assert.deepEqual(sorted(forward.names.list), sorted(backward.names.list));
  });
});

describe('normaliseTools: properties (fast-check)', () => {
  const options = fc.record({
    prefix: fc.constantFrom(
      '',
      'srv_',
      'linear.app_',
      '9x',
      'a_rather_long_prefix_for_a_registry_name_',
    ),
    maxLength: fc.integer({ min: 9, max: 63 }),
  });

  test(`any keys, 'hash': legal, unique, at most maxLength, left alone by Mastra's rule, order-independent (${RUNS} runs, seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(toolKey, { maxLength: 12 }),
        options,
        fc.nat(),
        (keys, o, seed) => {
          const opts = { ...o, onCollision: 'hash' } as const;
          const { tools, names } = normaliseTools(toolSet(keys), opts);
          const out = Object.keys(tools);
          // Own enumerable keys come out in JavaScript's order (integer-like first), as Mastra reads.
          assert.deepEqual(
            names.list.map((e) => e.original),
            Object.keys(toolSet(keys)),
          );
          assert.deepEqual(
            out,
            names.list.map((e) => e.offered),
          );
          assert.equal(new Set(out).size, keys.length);
          for (const key of out) {
            assert.ok(isLegalToolName(key), key);
            assert.ok(key.length <= o.maxLength, key);
            assert.equal(toWireName(key), key, 'Mastra rewrites nothing');
          }
          // Any other order of the same tools: the same name for each.
          const shuffled = [...keys].sort(
            (a, b) =>
              ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7) || (a < b ? 1 : -1),
          );
          const again = normaliseTools(toolSet(shuffled), opts).names;
          for (const k of keys) assert.equal(again.offered(k), names.offered(k));
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  test(`any keys, 'fail': the same names when there is no clash, otherwise an error naming the clash (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.uniqueArray(toolKey, { maxLength: 8 }), options, (keys, o) => {
        let names;
        try {
          names = normaliseTools(toolSet(keys), o).names;
        } catch (e) {
          const message = (e as Error).message;
          assert.match(message, /would (both|all) be offered as|empty name/);
          return;
        }
        const hashed = normaliseTools(toolSet(keys), { ...o, onCollision: 'hash' }).names;
        assert.deepEqual(names.list, hashed.list);
        assert.ok(names.list.every((e) => e.how !== 'hashed'));
      }),
      { seed: SEED + 1, numRuns: RUNS },
    );
  });
});

describe('the runtime entry imports nothing but the name rule', () => {
  test('src/runtime/index.ts imports only ../names/wire-name.ts, which imports nothing', () => {
    const imports = (file: string) =>
      [...readFileSync(file, 'utf8').matchAll(/^import\b[^;]*?from\s+'([^']+)'/gms)].map(
        (m) => m[1],
      );
    assert.deepEqual(imports('src/runtime/index.ts'), ['../names/wire-name.ts']);
    assert.deepEqual(imports('src/names/wire-name.ts'), []);
  });
});
