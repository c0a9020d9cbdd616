// Chasqui console: live parts over Server-Sent Events (no reload) and the usage charts.
// Loaded as a static file (the CSP allows no inline script). Every word shown comes from the
// templates: parts arrive rendered, chart titles and series names are data-* attributes.
'use strict';

(function () {
  /** The HTML each part last received, so an unchanged part (a QR image) is not redrawn. */
  var received = {};

  function applyLive(live) {
    document.querySelectorAll('[data-part]').forEach(function (el) {
      var name = el.getAttribute('data-part');
      var html = live.parts[name];
      if (typeof html !== 'string' || received[name] === html) return;
      received[name] = html;
      el.innerHTML = html;
    });
    document.querySelectorAll('[data-when]').forEach(function (el) {
      var wanted = el.getAttribute('data-when').split(' ');
      el.hidden = !wanted.some(function (flag) {
        return live.flags.indexOf(flag) >= 0;
      });
    });
  }

  function live() {
    if (!document.querySelector('[data-live]') || !window.EventSource) return;
    var source = new EventSource('/events');
    source.addEventListener('live', function (event) {
      applyLive(JSON.parse(event.data));
    });
  }

  var PALETTE = [
    '#0f766e',
    '#f59e0b',
    '#6366f1',
    '#e11d48',
    '#0ea5e9',
    '#84cc16',
    '#a855f7',
    '#f97316',
    '#14b8a6',
    '#64748b',
  ];

  function shortDay(day) {
    return day.slice(8, 10) + '/' + day.slice(5, 7);
  }

  /** Series names written in the template (`data-series="Con crédito|Desde caché"`). */
  function seriesOf(canvas) {
    return (canvas.getAttribute('data-series') || '').split('|');
  }

  /** An axis with its unit as title, from `data-x` / `data-y`. */
  function axis(canvas, which, extra) {
    var title = canvas.getAttribute('data-' + which);
    var scale = { title: { display: Boolean(title), text: title || '' } };
    Object.keys(extra || {}).forEach(function (key) {
      scale[key] = extra[key];
    });
    return scale;
  }

  var COUNT = { beginAtZero: true, ticks: { precision: 0 } };

  function charts() {
    var holder = document.getElementById('usage');
    if (!holder || !window.Chart) return;
    var usage = JSON.parse(holder.getAttribute('data-usage'));
    var Chart = window.Chart;
    Chart.defaults.font.family = 'system-ui, sans-serif';
    Chart.defaults.maintainAspectRatio = false;
    Chart.defaults.animation = false;
    Chart.defaults.locale = document.documentElement.lang || 'es-PE';
    var days = usage.days.map(shortDay);
    /** Bars per day, stacked, with the canvas's axis titles. */
    function dailyBars(canvas, datasets) {
      new Chart(canvas, {
        type: 'bar',
        data: { labels: days, datasets: datasets },
        options: {
          scales: {
            x: axis(canvas, 'x', { stacked: true }),
            y: axis(canvas, 'y', { stacked: true, beginAtZero: true, ticks: COUNT.ticks }),
          },
        },
      });
    }
    var canvas = document.getElementById('chart-daily');
    if (canvas) {
      dailyBars(
        canvas,
        usage.byOperation.map(function (series, i) {
          return { label: series.label, data: series.data, backgroundColor: PALETTE[i % PALETTE.length] };
        }),
      );
    }
    canvas = document.getElementById('chart-credits');
    if (canvas) {
      var credits = seriesOf(canvas);
      dailyBars(canvas, [
        { label: credits[0], data: usage.spent, backgroundColor: '#e11d48' },
        { label: credits[1], data: usage.saved, backgroundColor: '#0f766e' },
      ]);
    }
    canvas = document.getElementById('chart-groups');
    if (canvas) {
      var groups = seriesOf(canvas);
      new Chart(canvas, {
        type: 'bar',
        data: {
          labels: usage.byGroup.map(function (g) {
            return g.label;
          }),
          datasets: [
            {
              label: groups[0],
              data: usage.byGroup.map(function (g) {
                return g.spent;
              }),
              backgroundColor: '#e11d48',
            },
            {
              label: groups[1],
              data: usage.byGroup.map(function (g) {
                return g.saved;
              }),
              backgroundColor: '#0f766e',
            },
          ],
        },
        options: {
          indexAxis: 'y',
          scales: {
            x: axis(canvas, 'x', { stacked: true, beginAtZero: true, ticks: COUNT.ticks }),
            y: axis(canvas, 'y', { stacked: true }),
          },
        },
      });
    }
    canvas = document.getElementById('chart-budget');
    if (canvas) {
      var budget = seriesOf(canvas);
      var budgetSets = [
        {
          label: budget[0],
          data: usage.month.cumulative,
          borderColor: '#e11d48',
          backgroundColor: 'rgba(225,29,72,0.15)',
          fill: true,
          // A running total never goes down: no curve that dips between points.
          cubicInterpolationMode: 'monotone',
        },
      ];
      if (usage.month.budget) {
        budgetSets.push({
          label: budget[1],
          data: usage.month.days.map(function () {
            return usage.month.budget;
          }),
          borderColor: '#f59e0b',
          borderDash: [6, 4],
          pointRadius: 0,
        });
      }
      new Chart(canvas, {
        type: 'line',
        data: { labels: usage.month.days.map(shortDay), datasets: budgetSets },
        options: { scales: { x: axis(canvas, 'x'), y: axis(canvas, 'y', COUNT) } },
      });
    }
    holder.setAttribute('data-rendered', 'true');
  }

  document.addEventListener('DOMContentLoaded', function () {
    live();
    charts();
  });
})();
