extension Timeline {
    /// The page script for every `svg.timeline` on a page: a crosshair with the time under the pointer, zoom by
    /// dragging across the chart (double-click resets, and the time axis is relabelled for the range shown), and a
    /// toggle on each legend entry that hides or shows its line. It reads only the page; without it the chart still
    /// reads, with its tooltips. Free of `]]>` and `--`, so it sits in a CDATA section of well-formed XHTML.
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
          document.querySelectorAll('svg.timeline').forEach(function (svg) {
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
              if (x < left || x > right) { cross.setAttribute('visibility', 'hidden'); readout.setAttribute('visibility', 'hidden'); return; }
              cross.setAttribute('x1', x); cross.setAttribute('x2', x); cross.setAttribute('visibility', 'visible');
              readout.textContent = clock(timeAt(x) * unit);
              readout.setAttribute('x', Math.min(x + 4, right - 40));
              readout.setAttribute('visibility', 'visible');
              if (dragFrom !== null) {
                selection.setAttribute('x', Math.min(dragFrom, inside(x)));
                selection.setAttribute('width', Math.abs(inside(x) - dragFrom));
                selection.setAttribute('visibility', 'visible');
              }
            });
            svg.addEventListener('mouseleave', function () {
              cross.setAttribute('visibility', 'hidden'); readout.setAttribute('visibility', 'hidden');
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
