// Matching a `check --format json` report with a repository's labels (eval/LABELLING.md).
// Pure: no I/O, so test/eval-score.test.ts can run it on small reports.

const WARNING = new Set(['warning', 'error']);

const editKey = (e) => `${e.file}:${e.line}:${e.column}:${e.before}`;
const editLoose = (e) => `${e.file}:${e.line}:${e.before}`;
const findingKey = (type, l) => `${type}:${l.file}:${l.line}:${l.column}`;
const findingLoose = (type, l) => `${type}:${l.file}:${l.line}`;

/** The first location of a finding, or the file-less "-" a run-wide finding has. */
function firstLocation(f) {
  return f.locations?.[0] ?? { file: '-', line: 0, column: 0 };
}

function describeEdit(e) {
  return `edit ${e.file}:${e.line}:${e.column} ${e.rule} ${e.before} -> ${e.after}`;
}

function describeFinding(f) {
  const l = firstLocation(f);
  return `${f.severity} ${f.kind} ${l.file}:${l.line}:${l.column} ${f.message}`;
}

/** Does a reported edit or warning stand at this place, about this name? */
function reportedAt(rep, file, line, name) {
  const edit = rep.changes.some(
    (e) => e.file === file && e.line === line && (!name || e.before.includes(name)),
  );
  const warning = rep.findings.some(
    (f) =>
      WARNING.has(f.severity) &&
      (f.locations ?? []).some((l) => l.file === file && l.line === line) &&
      (!name || f.message.includes(name)),
  );
  return edit || warning;
}

/**
 * A re-key to the name a prompt uses (`webSearchTool` -> `web_search`, the prompts rule) makes every
 * mention of that name in the agent's prompts true: the misses it covers are caught, wherever
 * they are written.
 */
function renamedTo(rep, miss) {
  return rep.changes.some(
    (e) =>
      e.rule === 'prompts' &&
      e.effect === 'renamed' &&
      e.after.replace(/^(['"`])(.*)\1$/, '$2') === miss.name &&
      (!miss.agent || (e.agents ?? []).includes(miss.agent)),
  );
}

function emptyScore() {
  return {
    edits: { total: 0, correct: 0, needless: 0, disputed: 0, harmful: 0, unlabelled: 0 },
    warnings: { total: 0, true: 0, noAction: 0, noise: 0, unlabelled: 0 },
    notes: { total: 0, true: 0, noAction: 0, noise: 0, unlabelled: 0 },
    problems: 0,
    missed: 0,
    unlabelled: [],
    missedItems: [],
  };
}

/**
 * Scores one repository's report. Problems are the labelled true drifts (correct edits, true
 * warnings and notes, misses); one is caught when the report has an edit or a warning/error for
 * it now. Notes never count as caught: "needs a human" is what a check acts on.
 */
export function scoreRepo(rep, labels) {
  const edits = new Map();
  const findings = new Map();
  const misses = [];
  for (const item of labels.items) {
    if (item.kind === 'edit') {
      edits.set(editKey(item), item);
      edits.set(editLoose(item), edits.get(editLoose(item)) ?? item);
    } else if (item.kind === 'finding') {
      findings.set(findingKey(item.type, item), item);
      findings.set(
        findingLoose(item.type, item),
        findings.get(findingLoose(item.type, item)) ?? item,
      );
    } else if (item.kind === 'miss') misses.push(item);
  }

  const score = emptyScore();
  const seen = new Set();
  const atMiss = (file, line, before, message) =>
    misses.some(
      (m) =>
        m.file === file &&
        m.line === line &&
        (before === undefined || before.includes(m.name)) &&
        (message === undefined || message.includes(`"${m.name}"`)),
    );
  for (const e of rep.changes) {
    score.edits.total++;
    const label = edits.get(editKey(e)) ?? edits.get(editLoose(e));
    if (!label && atMiss(e.file, e.line, e.before)) {
      score.edits.correct++;
      continue;
    }
    if (!label) {
      score.edits.unlabelled++;
      score.unlabelled.push(describeEdit(e));
      continue;
    }
    seen.add(label);
    score.edits[label.label] = (score.edits[label.label] ?? 0) + 1;
  }
  for (const f of rep.findings) {
    const bucket = WARNING.has(f.severity) ? score.warnings : score.notes;
    bucket.total++;
    const l = firstLocation(f);
    const label = findings.get(findingKey(f.kind, l)) ?? findings.get(findingLoose(f.kind, l));
    // A warning where the labels record a miss is that drift, found.
    if (!label && WARNING.has(f.severity) && atMiss(l.file, l.line, undefined, f.message)) {
      bucket.true++;
      continue;
    }
    if (!label) {
      bucket.unlabelled++;
      score.unlabelled.push(describeFinding(f));
      continue;
    }
    seen.add(label);
    if (label.label === 'true') bucket.true++;
    else if (label.label === 'true-no-action') bucket.noAction++;
    else bucket.noise++;
  }

  // Every true drift the labels know, whatever the report that first showed it.
  for (const item of labels.items) {
    const isProblem =
      (item.kind === 'edit' && item.label === 'correct') ||
      (item.kind === 'finding' && item.label === 'true') ||
      item.kind === 'miss';
    if (!isProblem) continue;
    // A finding and a miss recorded at one line are one drift: the miss names it.
    if (item.kind === 'finding' && misses.some((m) => m.file === item.file && m.line === item.line))
      continue;
    score.problems++;
    const name = item.kind === 'edit' ? item.before : item.kind === 'miss' ? item.name : undefined;
    const caught =
      item.kind === 'edit'
        ? rep.changes.some((e) => editLoose(e) === editLoose(item)) ||
          reportedAt(rep, item.file, item.line)
        : item.kind === 'finding'
          ? rep.findings.some(
              (f) =>
                WARNING.has(f.severity) &&
                findingLoose(f.kind, firstLocation(f)) === findingLoose(item.type, item),
            ) || reportedAt(rep, item.file, item.line)
          : reportedAt(rep, item.file, item.line, name) || renamedTo(rep, item);
    if (!caught) {
      score.missed++;
      score.missedItems.push(
        `${item.kind} ${item.file}:${item.line} ${name ?? item.type} (${item.why})`,
      );
    }
  }
  return score;
}

export function sumScores(rows) {
  const total = emptyScore();
  for (const r of rows) {
    for (const group of ['edits', 'warnings', 'notes']) {
      for (const [k, v] of Object.entries(r[group])) total[group][k] = (total[group][k] ?? 0) + v;
    }
    total.problems += r.problems;
    total.missed += r.missed;
    total.unlabelled.push(...r.unlabelled);
    total.missedItems.push(...r.missedItems);
  }
  return total;
}
