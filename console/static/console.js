// Chasqui console: live status over Server-Sent Events (no reload) and the usage charts.
// Loaded as a static file (the CSP allows no inline script).
'use strict';

(function () {
  function get(obj, path) {
    return path.split('.').reduce(function (value, key) {
      return value == null ? undefined : value[key];
    }, obj);
  }

  function applyStatus(status) {
    document.querySelectorAll('[data-field]').forEach(function (el) {
      var path = el.getAttribute('data-field');
      if (path === 'whatsapp.state-dot') {
        el.className = 'dot ' + status.whatsapp.state;
        return;
      }
      var value = get(status, path);
      el.textContent = value == null || value === '' ? el.getAttribute('data-empty') || '' : String(value);
    });
    document.querySelectorAll('[data-show]').forEach(function (el) {
      el.hidden = !get(status, el.getAttribute('data-show'));
    });
    var list = document.querySelector('[data-list="alerts"]');
    if (list) {
      list.textContent = '';
      if (status.alerts.length === 0) {
        var empty = document.createElement('li');
        empty.className = 'muted';
        empty.textContent = 'Sin alertas.';
        list.appendChild(empty);
      }
      status.alerts.forEach(function (alert) {
        var li = document.createElement('li');
        li.className = alert.severity;
        var title = document.createElement('strong');
        title.textContent = alert.title;
        var at = document.createElement('span');
        at.className = 'muted';
        at.textContent = ' ' + alert.at + ' ';
        li.appendChild(title);
        li.appendChild(at);
        li.appendChild(document.createTextNode(alert.details));
        list.appendChild(li);
      });
    }
    var qr = document.getElementById('qr');
    if (qr) {
      var version = status.whatsapp.qrVersion ? String(status.whatsapp.qrVersion) : '';
      if (qr.getAttribute('data-version') !== version) {
        qr.setAttribute('data-version', version);
        var img = document.getElementById('qr-img');
        if (version) {
          if (!img) {
            img = document.createElement('img');
            img.id = 'qr-img';
            img.alt = 'Código QR de vinculación';
            img.width = 264;
            img.height = 264;
            qr.insertBefore(img, qr.firstChild);
          }
          img.src = '/pairing/qr.svg?v=' + encodeURIComponent(version);
        } else if (img) {
          img.remove();
        }
        var placeholder = document.getElementById('qr-empty');
        if (placeholder) placeholder.hidden = Boolean(version);
      }
    }
  }

  function live() {
    if (!document.querySelector('[data-live]') || !window.EventSource) return;
    var source = new EventSource('/events');
    source.addEventListener('status', function (event) {
      applyStatus(JSON.parse(event.data));
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

  function charts() {
    var holder = document.getElementById('usage');
    if (!holder || !window.Chart) return;
    var usage = JSON.parse(holder.getAttribute('data-usage'));
    var Chart = window.Chart;
    Chart.defaults.font.family = 'system-ui, sans-serif';
    Chart.defaults.maintainAspectRatio = false;
    Chart.defaults.animation = false;
    var days = usage.days.map(shortDay);
    new Chart(document.getElementById('chart-daily'), {
      type: 'bar',
      data: {
        labels: days,
        datasets: usage.byOperation.map(function (series, i) {
          return { label: series.label, data: series.data, backgroundColor: PALETTE[i % PALETTE.length] };
        }),
      },
      options: {
        scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    new Chart(document.getElementById('chart-credits'), {
      type: 'bar',
      data: {
        labels: days,
        datasets: [
          { label: 'Con crédito', data: usage.spent, backgroundColor: '#e11d48' },
          { label: 'Desde caché (ahorro)', data: usage.saved, backgroundColor: '#0f766e' },
        ],
      },
      options: {
        scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    new Chart(document.getElementById('chart-groups'), {
      type: 'bar',
      data: {
        labels: usage.byGroup.map(function (g) {
          return g.label;
        }),
        datasets: [
          {
            label: 'Con crédito',
            data: usage.byGroup.map(function (g) {
              return g.spent;
            }),
            backgroundColor: '#e11d48',
          },
          {
            label: 'Desde caché',
            data: usage.byGroup.map(function (g) {
              return g.saved;
            }),
            backgroundColor: '#0f766e',
          },
        ],
      },
      options: {
        indexAxis: 'y',
        scales: { x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } }, y: { stacked: true } },
      },
    });
    var budgetSets = [
      {
        label: 'Créditos acumulados',
        data: usage.month.cumulative,
        borderColor: '#e11d48',
        backgroundColor: 'rgba(225,29,72,0.15)',
        fill: true,
        tension: 0.2,
      },
    ];
    if (usage.month.budget) {
      budgetSets.push({
        label: 'Presupuesto',
        data: usage.month.days.map(function () {
          return usage.month.budget;
        }),
        borderColor: '#f59e0b',
        borderDash: [6, 4],
        pointRadius: 0,
      });
    }
    new Chart(document.getElementById('chart-budget'), {
      type: 'line',
      data: { labels: usage.month.days.map(shortDay), datasets: budgetSets },
      options: { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    });
    holder.setAttribute('data-rendered', 'true');
  }

  /** On a phone the menu scrolls sideways: keep the current page's entry in view. */
  function showCurrentTab() {
    var current = document.querySelector('.top nav a[aria-current="page"]');
    if (current) current.parentElement.scrollLeft = current.offsetLeft - 16;
  }

  document.addEventListener('DOMContentLoaded', function () {
    showCurrentTab();
    live();
    charts();
  });
})();
