"""Clarification-need scores of the official ClariQ tool under scikit-learn 1.2 and under 1.3+, for
ClarificationNeedSklearnParityTest. Run with Debian bookworm's python3-sklearn (scikit-learn 1.2.1, numpy 1.24.2):

    cd clarq-eval/src/test/resources/io/clarq/eval/clariq    # from the project root
    /usr/bin/python3 sklearn_clarification_need.py ../../../../../../../../../shared/data/clariq \
        > sklearn-clarification-need.tsv

The official tool (clariq_eval_tool.py) takes the first row of every topic as gold, predicts 0 for a topic the run
lacks and prints precision_score / recall_score / f1_score(average='weighted', zero_division=0). 'pr' is what
scikit-learn 1.2 itself computes (per-class F = 2PR/(P+R)). 'counts' is scikit-learn 1.3+'s F line
(F = 2tp / (true + pred), _prf_divide with zero_division 0) applied to 1.2's own confusion counts, then averaged with
numpy.average as 1.3+ does; precision and recall are the same in both versions.
"""
import csv
import sys

import numpy as np
from sklearn.metrics import f1_score, multilabel_confusion_matrix, precision_score, recall_score

csv.field_size_limit(10 ** 9)


def gold(path):
    with open(path, newline='', encoding='utf-8') as fh:
        rows = csv.reader(fh, delimiter='\t', quotechar='"')
        next(rows)
        out = {}
        for r in rows:
            out.setdefault(int(r[0]), int(r[3]))  # first row per topic
    return out


def runs(g):
    ids = sorted(g)
    half = set(ids[: len(ids) // 2])
    even = set(ids[0::2])
    yield 'gold', dict(g)
    for c in (1, 2, 3, 4):
        yield 'const%d' % c, {t: c for t in ids}
    yield 'gold_first_half', {t: g[t] for t in ids if t in half}
    yield 'gold_every_other', {t: g[t] for t in ids if t in even}
    yield 'shifted', {t: g[t] % 4 + 1 for t in ids}
    yield 'const2_first_half', {t: 2 for t in ids if t in half}


def counts_form(y, p):
    labels = sorted(set(y) | set(p))
    mcm = multilabel_confusion_matrix(y, p, labels=labels)
    tp = mcm[:, 1, 1]
    pred = tp + mcm[:, 0, 1]
    true = tp + mcm[:, 1, 0]
    denom = 1.0 * true + pred
    num = 2.0 * tp
    f = np.divide(num, np.where(denom == 0, 1, denom))
    f[denom == 0] = 0.0
    return float(np.average(f, weights=true))


def main(data):
    print('split\trun\tprecision\trecall\tf1_pr\tf1_counts')
    for split, name in (('dev', 'dev.tsv'), ('test', 'test_with_labels.tsv')):
        g = gold(data + '/' + name)
        for run, labels in runs(g):
            y = [g[t] for t in g]
            p = [labels.get(t, 0) for t in g]
            pr = precision_score(y, p, average='weighted', zero_division=0)
            rc = recall_score(y, p, average='weighted', zero_division=0)
            f1 = f1_score(y, p, average='weighted', zero_division=0)
            print('%s\t%s\t%r\t%r\t%r\t%r' % (split, run, float(pr), float(rc), float(f1), counts_form(y, p)))


if __name__ == '__main__':
    main(sys.argv[1])
