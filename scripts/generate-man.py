#!/usr/bin/env python3
"""Writes temper's man pages, one per command, from its own argument parser (`temper --experimental-dump-help`).

    scripts/generate-man.py BINARY OUTDIR

temper(1) is the index (what temper is, its commands, the exit status, the environment); temper-score(1),
temper-policy-check(1), ... hold each command's arguments and options. The pages are UTF-8 (`24±0.5`, `°C`
and `χ²` are kept: swift-argument-parser's generate-manual drops every non-ASCII character) and dated from
packaging/debian/changelog's latest entry, so the same sources give the same pages. The pages are checked in
under packaging/man/; a test regenerates them and compares.
"""
import email.utils
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# The exit status every command shares (the root help's "Exit codes" paragraph says the same).
EXIT_STATUS = [
    ("0", "Success."),
    ("1", "A check failed: a pattern over its budget, a policy with errors."),
    ("2", "Bad input or usage: an unreadable or invalid file, an unknown option, a value out of range."),
]


def escape(text):
    """Text for a roff text line: backslashes escaped, a leading dot or quote made literal, minus signs kept."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text[:1] in (".", "'") else text


def unindented(lines):
    """Example lines without their common indent; a continuation line keeps its own, under its command."""
    common = min(len(line) - len(line.lstrip(" ")) for line in lines if line.strip())
    return ["\\&" + escape(line[common:]) if line[common:].startswith(" ") else escape(line[common:]) for line in lines]


def paragraphs(text):
    """Help text as roff: each paragraph a .PP; indented lines (examples) kept as they are, unfilled."""
    out = []
    for block in re.split(r"\n\s*\n", text.strip("\n")):
        lines = block.split("\n")
        if all(line.startswith("  ") for line in lines[1:]) and len(lines) > 1 and lines[0].rstrip().endswith(":"):
            out += [".PP", escape(lines[0]), ".RS 4", ".nf"] + unindented(lines[1:]) + [".fi", ".RE"]
        elif all(line.startswith("  ") for line in lines):
            out += [".PP", ".RS 4", ".nf"] + unindented(lines) + [".fi", ".RE"]
        else:
            out += [".PP", escape(" ".join(line.strip() for line in lines))]
    return out


def names(argument):
    shown = []
    for name in argument.get("names", []):
        prefix = "-" if name["kind"] in ("short", "longWithSingleDash") else "--"
        shown.append(prefix + name["name"])
    return shown


def label(argument):
    """`--budget <budget>`, `-v, --verbose`, `<file>`."""
    value = argument.get("valueName") or ""
    if argument["kind"] == "positional":
        return f"<{value}>" + ("..." if argument.get("isRepeating") else "")
    text = ", ".join(names(argument))
    return text + (f" <{value}>" if argument["kind"] == "option" else "")


def synopsis(argument):
    shown = label(argument) if argument["kind"] == "positional" else (
        names(argument)[-1] + (f" <{argument.get('valueName', '')}>" if argument["kind"] == "option" else ""))
    if argument["kind"] != "positional" and argument.get("isRepeating"):
        shown += " ..."
    return f"[{shown}]" if argument.get("isOptional") else shown


def page_name(path):
    return "-".join(path)


def header(path, date, version):
    title = page_name(path).upper()
    return [f'.TH "{title}" "1" "{date}" "{escape(version)}" "Temper Manual"']


def command_page(command, path, date, version):
    visible = [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)]
    subcommands = [s for s in command.get("subcommands", []) if s.get("shouldDisplay", True)]
    out = header(path, date, version)
    out += [".SH NAME", f"{page_name(path)} \\- {escape(command.get('abstract', ''))}", ".SH SYNOPSIS"]
    out.append(f".B {' '.join(path)}")
    if subcommands:
        parts = ["<command>", "[<options>]"]
    else:
        optional = any(a["kind"] != "positional" and a.get("isOptional", True) for a in visible)
        parts = (["[<options>]"] if optional else []) + [
            synopsis(a) for a in visible if a["kind"] != "positional" and not a.get("isOptional", True)
        ] + [synopsis(a) for a in visible if a["kind"] == "positional"]
    out.append(escape(" ".join(parts)))
    out += [".SH DESCRIPTION"]
    out += paragraphs(command.get("discussion") or command.get("abstract", ""))
    if subcommands:
        out.append(".SH COMMANDS")
        for sub in subcommands:
            out += [".TP", f".BR {page_name(path + [sub['commandName']])} (1)", escape(sub.get("abstract", ""))]
    for section, kinds in (("ARGUMENTS", ("positional",)), ("OPTIONS", ("option", "flag"))):
        chosen = [a for a in visible if a["kind"] in kinds]
        if not chosen:
            continue
        out.append(f".SH {section}")
        for argument in chosen:
            text = argument.get("abstract", "")
            if argument.get("discussion"):
                text += " " + argument["discussion"]
            if argument.get("defaultValue") not in (None, "", "false") and "(default" not in text.lower():
                text += f" (default: {argument['defaultValue']})"
            out += [".TP", f".B {escape(label(argument))}", escape(text.strip())]
    out.append(".SH EXIT STATUS")
    for code, meaning in EXIT_STATUS:
        out += [".TP", f".B {code}", escape(meaning)]
    related = ["temper"] if len(path) > 1 else []
    if len(path) > 2:
        related.append(page_name(path[:-1]))
    related += [page_name(path + [s["commandName"]]) for s in subcommands]
    if related:
        out += [".SH SEE ALSO", ",\n".join(f".BR {name} (1)" for name in related)]
    return "\n".join(line for line in out if line != "") + "\n"


def pages(command, path, date, version):
    yield page_name(path), command_page(command, path, date, version)
    for sub in command.get("subcommands", []):
        if sub.get("shouldDisplay", True) and sub["commandName"] != "help":
            yield from pages(sub, path + [sub["commandName"]], date, version)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: generate-man.py BINARY OUTDIR")
    binary, outdir = sys.argv[1], pathlib.Path(sys.argv[2])
    info = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True).stdout)
    version = subprocess.run([binary, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    changelog = (ROOT / "packaging/debian/changelog").read_text(encoding="utf-8")
    stamp = re.search(r"^ -- .*>  (.*)$", changelog, re.M).group(1)
    date = email.utils.parsedate_to_datetime(stamp).strftime("%Y-%m-%d")
    outdir.mkdir(parents=True, exist_ok=True)
    for old in outdir.glob("temper*.1"):
        old.unlink()
    for name, text in pages(info["command"], ["temper"], date, version):
        (outdir / f"{name}.1").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
