import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isArrayIndex, PlainRecord } from '../src/names/js-object.ts';
import { isLegalToolName, rewriteReasons, toWireName } from '../src/names/wire-name.ts';

describe('toWireName', () => {
  const cases: Array<[string, string, string[]]> = [
    ['search.web', 'search_web', ['invalid-character']],
    ['search web', 'search_web', ['invalid-character']],
    ['weather-EU', 'weather-EU', []],
    ['_private', '_private', []],
    ['9lives', '_9lives', ['leading-character']],
    ['-dash', '_-dash', ['leading-character']],
    ['.dot', '_dot', ['invalid-character', 'leading-character']], // the '.' becomes the leading '_'
    ['mcp:github.create', 'mcp_github_create', ['invalid-character']],
    ['é', '_', ['invalid-character', 'leading-character']],
    ['a😀', 'a__', ['invalid-character']], // two UTF-16 units, two underscores
    ['e\u0301', 'e_', ['invalid-character']], // a combining mark is its own unit
  ];
  for (const [key, wire, reasons] of cases) {
    test(`${JSON.stringify(key)} -> ${wire}`, () => {
      assert.equal(toWireName(key), wire);
      assert.deepEqual(rewriteReasons(key), reasons);
    });
  }

  test('cuts to 63 units, a legal 64-unit key too, and counts the prefix', () => {
    const legal64 = 'a'.repeat(64);
    assert.equal(toWireName(legal64), 'a'.repeat(63));
    assert.deepEqual(rewriteReasons(legal64), ['too-long']);
    assert.equal(toWireName('a'.repeat(63)), 'a'.repeat(63));
    // prefix applied before the cut: a 63-unit key starting with a digit loses its last unit
    assert.equal(toWireName('1' + 'b'.repeat(62)), '_1' + 'b'.repeat(61));
  });

  test('legal names', () => {
    assert.ok(isLegalToolName('ask_user'));
    assert.ok(!isLegalToolName(''));
    assert.ok(!isLegalToolName('a.b'));
  });
});

describe('plain-object enumeration', () => {
  test('array indices first, ascending; others in insertion order; re-set keeps the place', () => {
    const r = new PlainRecord<number>();
    for (const [i, k] of ['b', '10', 'a', '2', '01', '4294967295', '4294967294', 'b'].entries())
      r.set(k, i);
    assert.deepEqual(r.keys(), ['2', '10', '4294967294', 'b', 'a', '01', '4294967295']);
    assert.equal(r.get('b'), 7);
    const native = Object.fromEntries(
      ['b', '10', 'a', '2', '01', '4294967295', '4294967294'].map((k) => [k, 1]),
    );
    assert.deepEqual(r.keys(), Object.keys(native));
  });

  test('isArrayIndex', () => {
    assert.ok(isArrayIndex('0'));
    assert.ok(!isArrayIndex('01'));
    assert.ok(!isArrayIndex('-1'));
    assert.ok(!isArrayIndex('4294967295'));
  });
});
