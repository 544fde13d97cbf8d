#!/usr/bin/env python3
"""Deterministic synthetic ExerciseDB-shaped catalogs for scale benchmarks, built only from the
project's own sample catalog and vocabularies (never from upstream files).

    python3 bench/generate.py N OUT.json [--seed S] [--variant V]

The same N, seed and variant give the same bytes. --variant 1 gives the "next release" of the
same catalog: 1% of instructions edited, 0.5% renamed, 0.3% removed, every gifUrl rotated."""
import json, os, random, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    args = sys.argv[1:]
    n, out = int(args[0]), args[1]
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
    variant = int(args[args.index("--variant") + 1]) if "--variant" in args else 0
    with open(os.path.join(ROOT, "catalog/sample/exercisedb-sample.json"), encoding="utf-8") as f:
        sample = json.load(f)
    with open(os.path.join(ROOT, "catalog/vocab/equipment.json"), encoding="utf-8") as f:
        equipment = sorted(json.load(f)["synonyms"]["exercisedb"])
    with open(os.path.join(ROOT, "catalog/vocab/muscles.json"), encoding="utf-8") as f:
        muscle_terms = sorted(json.load(f)["synonyms"]["exercisedb"])
    sentences = sorted({s for r in sample for s in r["instructions"]})
    names = [r["name"] for r in sample]
    modifiers = ["single-arm", "paused", "tempo", "wide-grip", "close-grip", "incline", "decline", "kneeling", "standing", "seated", "alternating", "banded"]
    body_parts = sorted({r["bodyPart"] for r in sample})
    targets = sorted({r["target"] for r in sample})
    rng = random.Random(seed)
    edit = random.Random(seed * 7919 + variant)
    with open(out, "w", encoding="utf-8") as f:
        f.write("[\n")
        first = True
        for i in range(n):
            base = sample[i % len(sample)]
            name = f"{rng.choice(modifiers)} {rng.choice(names)} {i // len(sample)}"
            instructions = [rng.choice(sentences) for _ in range(rng.randint(4, 7))]
            record = {
                "bodyPart": rng.choice(body_parts),
                "equipment": rng.choice(equipment),
                "gifUrl": f"https://media.example.invalid/{variant}/{i:07d}-{rng.getrandbits(40):010x}.gif",
                "id": f"{i:07d}",
                "name": name,
                "target": rng.choice(targets),
                "secondaryMuscles": rng.sample(muscle_terms, rng.randint(1, 3)),
                "instructions": instructions,
            }
            if variant:
                roll = edit.random()
                if roll < 0.003:
                    continue
                if roll < 0.013:
                    record["instructions"][0] += " Keep the movement slow."
                elif roll < 0.018:
                    record["name"] += " (variation)"
            f.write(("" if first else ",\n") + json.dumps(record, ensure_ascii=False))
            first = False
        f.write("\n]\n")


if __name__ == "__main__":
    main()
