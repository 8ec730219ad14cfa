#!/usr/bin/env bash
# Checks every report in a real browser: headless Chromium opens each REPORTS_DIR/*/index.html at 1400 px and at
# 420 px wide and fails when the page logs a console error, when a chart is not drawn (each figure must show one
# chart of non-zero size inside the page's width), when chart text renders under 11 px, when a chart's text runs
# outside the chart or lies on another label, when pointing at the middle of a timeline reads out no value (it prints
# what it read), or when anything makes the page itself scroll sideways (wide tables scroll inside their own box). It also writes a full-page
# screenshot of each report at each width into SHOTS_DIR, for a person to look at.
#
# Usage: scripts/check-reports.sh [REPORTS_DIR] [SHOTS_DIR]   (defaults Reports/examples and .build/report-shots)
# Needs chromium (Debian package `chromium`); exits 2 when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
reports="$(cd "${1:-Reports/examples}" && pwd)"
shots="${2:-.build/report-shots}"
mkdir -p "$shots"
shots="$(cd "$shots" && pwd)"
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
[ -n "$browser" ] || { echo "check-reports: chromium is not installed (apt-get install chromium)" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The browser profile and its crash reporter live in the scratch folder, not in the user's home.
flags=(--headless=new --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$work/profile"
  --allow-file-access-from-files --virtual-time-budget=10000 --enable-logging=stderr --v=0)

# A page that loads the report in a frame of exactly WIDTH × HEIGHT px and writes what it measured into its own
# body. The frame, not the window, sets the width: Chromium will not make a window narrower than 500 px.
probe() {
  cat <<HTML
<!DOCTYPE html><html><head><meta charset="utf-8"/><style>html,body{margin:0}iframe{border:0;width:$2px;height:$3px;display:block}</style></head>
<body><iframe id="report" src="file://$1"></iframe><pre id="result">not measured</pre>
<script>
document.getElementById('report').addEventListener('load', () => {
  const page = document.getElementById('report').contentDocument;
  const view = page.defaultView;
  const width = view.innerWidth;
  const problems = [];
  let charts = 0, smallest = Infinity;
  for (const figure of page.querySelectorAll('figure')) {
    const shown = [...figure.querySelectorAll('svg')].filter(svg => {
      const box = svg.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
    if (shown.length !== 1) { problems.push('a figure shows ' + shown.length + ' charts'); continue; }
    const svg = shown[0], box = svg.getBoundingClientRect();
    charts += 1;
    if (box.right > width + 0.5) problems.push('chart "' + svg.querySelector('title').textContent + '" runs past the page (' + Math.round(box.right) + ' px)');
    const scale = box.width / svg.viewBox.baseVal.width;
    for (const text of svg.querySelectorAll('text')) smallest = Math.min(smallest, parseFloat(text.getAttribute('font-size')) * scale);
    // Every label inside its chart, and no two labels on top of each other.
    const name = svg.querySelector('title').textContent;
    const boxes = [];
    for (const text of svg.querySelectorAll('text')) {
      const r = text.getBoundingClientRect();
      if (r.width === 0 || text.getAttribute('visibility') === 'hidden') continue;
      const label = text.textContent.slice(0, 40);
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
        problems.push('text "' + label + '" runs outside chart "' + name + '"');
      for (const other of boxes) {
        const w = Math.min(r.right, other.r.right) - Math.max(r.left, other.r.left);
        const h = Math.min(r.bottom, other.r.bottom) - Math.max(r.top, other.r.top);
        if (w > 2 && h > 3) problems.push('text "' + label + '" overlaps "' + other.label + '" in chart "' + name + '"');
      }
      boxes.push({ r, label });
    }
  }
  // Pointing at the middle of each timeline must read out values: the hover panel lists the lanes with a number.
  const hovers = [];
  for (const svg of page.querySelectorAll('svg.timeline')) {
    const box = svg.getBoundingClientRect();
    if (box.width === 0) continue;
    svg.dispatchEvent(new view.MouseEvent('mousemove', { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2, bubbles: true }));
    const panel = page.querySelector('.tl-hover');
    const lines = panel && panel.style.display !== 'none' ? [...panel.children].map(row => row.textContent) : [];
    if (!lines.some(text => /[0-9] /.test(text) && /: -?[0-9]/.test(text)))
      problems.push('pointing at chart "' + svg.querySelector('title').textContent + '" reads out no value');
    hovers.push(lines.join(' | ').slice(0, 1500));
    svg.dispatchEvent(new view.MouseEvent('mouseleave', {}));
  }
  if (smallest < 10.95) problems.push('chart text renders at ' + smallest.toFixed(1) + ' px, under 11 px');
  if (page.documentElement.scrollWidth > width + 0.5) problems.push('the page scrolls sideways (' + page.documentElement.scrollWidth + ' px wide)');
  const height = page.documentElement.scrollHeight;
  document.getElementById('result').textContent = 'MEASURED ' + JSON.stringify({width, charts, smallest: smallest === Infinity ? null : +smallest.toFixed(1), height, problems, hovers});
});
</script></body></html>
HTML
}

failures=0
for page in "$reports"/*/index.html; do
  name="$(basename "$(dirname "$page")")"
  expected="$(grep -c '<figure>' "$page" || true)"
  for width in 1400 420; do
    probe "$page" "$width" 900 > "$work/probe.html"
    "$browser" "${flags[@]}" --window-size="$(( width < 500 ? 500 : width )),900" --dump-dom "file://$work/probe.html" > "$work/dom.html" 2> "$work/log.txt" || true
    measured="$(grep -o 'MEASURED {.*}' "$work/dom.html" | sed 's/^MEASURED //; s/&quot;/"/g; s/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g' || true)"
    errors="$(grep -E 'CONSOLE.*(ERROR|Error|error)|Uncaught' "$work/log.txt" || true)"
    if [ -z "$measured" ]; then
      echo "FAIL $name at $width px: the page could not be measured"; failures=$((failures + 1)); continue
    fi
    verdict="$(python3 -c '
import json, sys
m = json.loads(sys.argv[1]); expected = int(sys.argv[2])
problems = m["problems"]
charts, smallest = m["charts"], m["smallest"]
if charts != expected: problems.append("%d of %d charts drawn" % (charts, expected))
if m["width"] != int(sys.argv[3]): problems.append("laid out %s px wide" % m["width"])
print(("FAIL " if problems else "ok ") + "%d charts, smallest chart text %s px" % (charts, smallest) + "".join("; " + p for p in problems))
print(m["height"])
for text in m.get("hovers", []): print("hover:", text)' "$measured" "$expected" "$width")"
    line="$(head -1 <<< "$verdict")"
    height="$(sed -n 2p <<< "$verdict")"
    if [ -n "$errors" ]; then line="FAIL ${line#* }; console: $(head -1 <<< "$errors")"; fi
    echo "${line%% *} $name at $width px: ${line#* }"
    sed -n '3,$p' <<< "$verdict" | sed "s/^hover:/  pointing at the middle of $name at $width px:/"
    [[ "$line" == FAIL* ]] && failures=$((failures + 1))
    # Full-page screenshot: the frame as tall as the page (capped, so a runaway page cannot exhaust memory).
    height=$(( height < 20000 ? height : 20000 ))
    probe "$page" "$width" "$height" > "$work/shot.html"
    "$browser" "${flags[@]}" --window-size="$(( width < 500 ? 500 : width )),$height" \
      --screenshot="$shots/$name-$width.png" "file://$work/shot.html" > /dev/null 2>&1 || true
  done
done
echo "screenshots in $shots"
[ "$failures" -eq 0 ] || { echo "check-reports: $failures failed" >&2; exit 1; }
