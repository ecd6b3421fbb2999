"""Refuse a commit message whose subject (its first line) is over 72 characters or empty.

CONTRIBUTING.md asks for "a subject under 72 characters, the why in the body"; this is the check
(pre-commit's ``commit-msg`` stage runs it: ``pre-commit install --hook-type commit-msg``). Lines git
strips (``#`` comments) are skipped. Usage: ``python tools/check_commit_subject.py MESSAGE_FILE``.
"""

from __future__ import annotations

import sys
from pathlib import Path

MAX_SUBJECT = 72


def problem(message: str) -> str | None:
    """What is wrong with ``message``'s subject (None: nothing)."""
    lines = [line for line in message.splitlines() if not line.startswith("#")]
    subject = next((line for line in lines if line.strip()), "")
    if not subject.strip():
        return "the commit message has no subject"
    if subject.startswith(("Merge ", "fixup! ", "squash! ")):
        return None
    if len(subject) > MAX_SUBJECT:
        return f"the subject is {len(subject)} characters (at most {MAX_SUBJECT}): put the rest in the body"
    return None


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: check_commit_subject.py MESSAGE_FILE", file=sys.stderr)
        return 2
    said = problem(Path(argv[0]).read_text(encoding="utf-8", errors="replace"))
    if said:
        print(f"commit refused: {said}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
