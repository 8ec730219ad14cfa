extension Timeline {
    /// The page script for every `svg.timeline` on a page: a crosshair with the time under the pointer and a
    /// readout beside it of every strip's state (the tier, with the reason of the last change) and every visible
    /// line's value at that time (the highest first, greyed lines last, eight a lane), zoom by dragging across the chart
    /// (double-click resets, and the time axis is relabelled for the range shown), and a toggle on each legend
    /// entry that hides or shows its line. Values are read back from the drawn lines (to 0.01 px, far finer than
    /// the digits shown), so the page carries no second copy of the data. It reads only the page; without it the
    /// chart still reads, with its tooltips. Free of `]]>` and `--`, so it sits in a CDATA section of XHTML.
    public static let script = """
        (function () {
          'use strict';
          var NS = 'http://www.w3.org/2000/svg';
          function two(v) { return (v < 10 ? '0' : '') + v; }
          function clock(seconds) {
            var s = Math.max(0, Math.round(seconds)), h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60);
            return h > 0 ? h + ':' + two(m) + ':' + two(s % 60) : m + ':' + two(s % 60);
          }
          function niceStep(rough) {
            if (!(rough > 0)) return 1;
            var magnitude = Math.pow(10, Math.floor(Math.log10(rough))), f = rough / magnitude;
            return (f < 1.5 ? 1 : f < 2.25 ? 2 : f < 3.5 ? 2.5 : f < 7.5 ? 5 : 10) * magnitude;
          }
          function make(name, attributes, text) {
            var element = document.createElementNS(NS, name);
            for (var key in attributes) element.setAttribute(key, attributes[key]);
            if (text !== undefined) element.textContent = text;
            return element;
          }
          var panel = document.createElement('div');
          panel.className = 'tl-hover';
          panel.setAttribute('style', 'position:fixed;display:none;z-index:10;pointer-events:none;background:#fff;'
            + 'border:1px solid #bdbdbd;border-radius:3px;padding:4px 8px;font:12px/1.4 system-ui,sans-serif;'
            + 'max-width:340px;box-shadow:0 1px 4px rgba(0,0,0,0.2)');
          document.body.appendChild(panel);
          function points(line) {
            return line.getAttribute('points').trim().split(/\\s+/).map(function (pair) {
              var xy = pair.split(','); return [+xy[0], +xy[1]];
            });
          }
          // The drawn height nearest x of a line's runs, or null where no run covers x (a gap, or past its end).
          function heightAt(runs, x) {
            for (var r = 0; r < runs.length; r++) {
              var run = runs[r];
              if (x < run[0][0] - 0.5 || x > run[run.length - 1][0] + 0.5) continue;
              var a = 0, b = run.length - 1;
              while (b - a > 1) { var m = (a + b) >> 1; if (run[m][0] <= x) a = m; else b = m; }
              return Math.abs(run[a][0] - x) <= Math.abs(run[b][0] - x) ? run[a][1] : run[b][1];
            }
            return null;
          }
          function digits(range) { return range >= 200 ? 0 : range >= 10 ? 1 : 2; }
          function line(parent, text, bold, color) {
            var row = document.createElement('div');
            row.textContent = text;
            if (bold) row.style.fontWeight = 'bold';
            if (color) row.style.color = color;
            parent.appendChild(row);
          }
          document.querySelectorAll('svg.timeline').forEach(function (svg) {
            var lanes = null;
            function readLanes() {
              return Array.prototype.map.call(svg.querySelectorAll('.tl-lane'), function (lane) {
                var index = lane.getAttribute('data-lane');
                return {
                  name: lane.getAttribute('data-name'), unit: lane.getAttribute('data-unit'),
                  top: +lane.getAttribute('data-top'), bottom: +lane.getAttribute('data-bottom'),
                  low: +lane.getAttribute('data-ylow'), high: +lane.getAttribute('data-yhigh'),
                  series: Array.prototype.map.call(svg.querySelectorAll('[data-series^="' + index + '-"]'), function (group) {
                    var lines = group.querySelectorAll('polyline');
                    return { group: group, name: group.querySelector('title').textContent,
                      color: lines.length ? lines[0].getAttribute('stroke') : '', runs: Array.prototype.map.call(lines, points) };
                  })
                };
              });
            }
            // The readout at time t (axis units), base-coordinate x: strips, then each lane's visible lines.
            function showValues(event, t, x) {
              if (lanes === null) lanes = readLanes();
              while (panel.firstChild) panel.removeChild(panel.firstChild);
              line(panel, clock(t * unit), true);
              svg.querySelectorAll('.tl-strip').forEach(function (strip) {
                var state = null;
                strip.querySelectorAll('rect').forEach(function (rect) {
                  var from = +rect.getAttribute('x'), to = from + +rect.getAttribute('width');
                  if (x >= from && x <= to) state = rect.getAttribute('data-label');
                });
                if (state === null) return;
                var text = strip.getAttribute('data-name') + ': ' + state;
                var lane = strip.getAttribute('data-lane');
                if (strip === svg.querySelector('.tl-strip[data-lane="' + lane + '"]')) {
                  var reason = null;
                  svg.querySelectorAll('.tl-mark[data-lane="' + lane + '"]').forEach(function (mark) {
                    if (+mark.getAttribute('x1') <= x + 0.5) reason = mark.querySelector('title').textContent;
                  });
                  if (reason !== null) text += ' (since ' + reason + ')';
                }
                line(panel, text);
              });
              lanes.forEach(function (lane) {
                var shown = [], places = digits(lane.high - lane.low);
                lane.series.forEach(function (series) {
                  if (series.group.getAttribute('visibility') === 'hidden') return;
                  var height = heightAt(series.runs, x);
                  if (height === null) return;
                  var value = lane.low + (lane.bottom - height) / (lane.bottom - lane.top) * (lane.high - lane.low);
                  shown.push({ name: series.name, color: series.color, value: value, muted: series.group.hasAttribute('data-muted') });
                });
                if (shown.length === 0) return;
                // Counted lines before greyed (ignored) ones, the highest first.
                shown.sort(function (p, q) { return p.muted !== q.muted ? (p.muted ? 1 : -1) : q.value - p.value; });
                var unitText = lane.unit ? ' ' + lane.unit : '';
                if (shown.length === 1 && lane.series.length === 1) {
                  line(panel, lane.name + ': ' + shown[0].value.toFixed(places) + unitText); return;
                }
                line(panel, lane.name, true);
                shown.slice(0, 8).forEach(function (item) { line(panel, item.name + ': ' + item.value.toFixed(places) + unitText, false, item.color); });
                if (shown.length > 8) line(panel, 'and ' + (shown.length - 8) + ' more lines');
              });
              panel.style.display = 'block';
              var room = window.innerWidth - panel.offsetWidth - 4;
              panel.style.left = Math.max(4, event.clientX + 16 > room ? event.clientX - panel.offsetWidth - 16 : event.clientX + 16) + 'px';
              panel.style.top = Math.max(4, Math.min(event.clientY + 16, window.innerHeight - panel.offsetHeight - 4)) + 'px';
            }
            var left = +svg.getAttribute('data-left'), right = +svg.getAttribute('data-right');
            var low = +svg.getAttribute('data-low'), high = +svg.getAttribute('data-high');
            var unit = +svg.getAttribute('data-unit');
            var view = [low, high], dragFrom = null;
            var cross = svg.querySelector('.tl-cross'), readout = svg.querySelector('.tl-readout');
            var ticks = svg.querySelector('.tl-ticks');
            var top = +cross.getAttribute('y1'), axis = +cross.getAttribute('y2');
            var selection = make('rect', { y: top, height: axis - top, fill: '#1565c0', 'fill-opacity': '0.12', visibility: 'hidden' });
            svg.appendChild(selection);
            function position(event) {
              var point = svg.createSVGPoint();
              point.x = event.clientX; point.y = event.clientY;
              return point.matrixTransform(svg.getScreenCTM().inverse());
            }
            function timeAt(x) { return view[0] + (x - left) / (right - left) * (view[1] - view[0]); }
            function inside(x) { return Math.min(Math.max(x, left), right); }
            function apply() {
              var k = (high - low) / (view[1] - view[0]);
              var from = left + (view[0] - low) / (high - low) * (right - left);
              svg.querySelectorAll('.tl-zoom').forEach(function (group) {
                group.setAttribute('transform', 'translate(' + (left - from * k) + ' 0) scale(' + k + ' 1)');
              });
              while (ticks.firstChild) ticks.removeChild(ticks.firstChild);
              var step = niceStep((view[1] - view[0]) / 5);
              for (var i = Math.ceil(view[0] / step); i * step <= view[1] + step * 1e-9; i++) {
                var t = i * step, x = left + (t - view[0]) / (view[1] - view[0]) * (right - left);
                ticks.appendChild(make('line', { x1: x, y1: top, x2: x, y2: axis, stroke: '#e0e0e0', 'stroke-width': '0.6' }));
                ticks.appendChild(make('text', { x: x, y: axis + 14, 'text-anchor': 'middle', 'font-size': '11', fill: '#757575' },
                  String(+t.toFixed(6))));
              }
            }
            svg.addEventListener('mousemove', function (event) {
              var x = position(event).x;
              if (x < left || x > right) {
                cross.setAttribute('visibility', 'hidden'); readout.setAttribute('visibility', 'hidden'); panel.style.display = 'none'; return;
              }
              cross.setAttribute('x1', x); cross.setAttribute('x2', x); cross.setAttribute('visibility', 'visible');
              readout.textContent = clock(timeAt(x) * unit);
              showValues(event, timeAt(x), left + (timeAt(x) - low) / (high - low) * (right - left));
              readout.setAttribute('x', Math.min(x + 4, right - 40));
              readout.setAttribute('visibility', 'visible');
              if (dragFrom !== null) {
                selection.setAttribute('x', Math.min(dragFrom, inside(x)));
                selection.setAttribute('width', Math.abs(inside(x) - dragFrom));
                selection.setAttribute('visibility', 'visible');
              }
            });
            svg.addEventListener('mouseleave', function () {
              cross.setAttribute('visibility', 'hidden'); readout.setAttribute('visibility', 'hidden'); panel.style.display = 'none';
              dragFrom = null; selection.setAttribute('visibility', 'hidden');
            });
            svg.addEventListener('mousedown', function (event) {
              var x = position(event).x;
              if (x >= left && x <= right && !event.target.closest('.tl-key')) { dragFrom = x; event.preventDefault(); }
            });
            svg.addEventListener('mouseup', function (event) {
              if (dragFrom === null) return;
              var x = inside(position(event).x), a = Math.min(dragFrom, x), b = Math.max(dragFrom, x);
              dragFrom = null; selection.setAttribute('visibility', 'hidden');
              if (b - a < 4) return;
              view = [timeAt(a), timeAt(b)];
              apply();
            });
            svg.addEventListener('dblclick', function () { view = [low, high]; apply(); });
            svg.querySelectorAll('.tl-key').forEach(function (key) {
              key.addEventListener('click', function () {
                var hidden = key.getAttribute('opacity') === '0.35';
                key.setAttribute('opacity', hidden ? '1' : '0.35');
                svg.querySelectorAll('[data-series="' + key.getAttribute('data-key') + '"]').forEach(function (line) {
                  line.setAttribute('visibility', hidden ? 'visible' : 'hidden');
                });
              });
            });
          });
        })();
        """
}
