// The first script of a prerendered page (prerender-pages.ts), run before it is drawn.
(function () {
  // Mantine's colour scheme, chosen before the first paint as its ColorSchemeScript does, so a
  // dark page is never drawn light first.
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    var scheme =
      stored === 'light' || stored === 'dark'
        ? stored
        : window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // No storage (private mode): Mantine decides when the app starts.
  }

  // A form sent before the app has hydrated would reload the page and lose what was typed: it
  // is held here, and sent by the app once hydrated (src/lib/early-input.ts).
  var early = (window.preffyEarlyInput = { heldForm: null, heldClicks: [], appReady: false });
  document.addEventListener(
    'submit',
    function (event) {
      if (early.appReady) return;
      event.preventDefault();
      early.heldForm = event.target;
    },
    true,
  );
  // So is a press of a button (a tab, a menu, a row's action), which does nothing until the app
  // has hydrated it: it is pressed again for the user once the app is there. Links work as
  // links meanwhile.
  var PRESSABLE =
    'button, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], input[type="checkbox"], input[type="radio"]';
  document.addEventListener(
    'click',
    function (event) {
      if (early.appReady || !event.target.closest) return;
      var pressed = event.target.closest(PRESSABLE);
      if (!pressed) return;
      event.preventDefault();
      event.stopPropagation();
      if (early.heldClicks.indexOf(pressed) === -1) early.heldClicks.push(pressed);
    },
    true,
  );

  // The app's scripts are asked for once the page is drawn: the page shows at once on a slow
  // link instead of after its JavaScript, and the app then hydrates what is already there.
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var scripts = document.getElementById('app-scripts');
    if (!scripts) return;
    Array.prototype.forEach.call(scripts.content.children, function (tag) {
      var copy = document.createElement(tag.tagName);
      Array.prototype.forEach.call(tag.attributes, function (attribute) {
        copy.setAttribute(attribute.name, attribute.value);
      });
      document.head.appendChild(copy);
    });
  }
  function afterFirstPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    // A tab opened in the background paints no frame until shown: start anyway.
    setTimeout(start, 1000);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstPaint);
  else afterFirstPaint();
})();
