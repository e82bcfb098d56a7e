// Runs before the app's scripts (a file, not an inline script: the Content-Security-Policy forbids those).
// Paint the right background before React starts: read the persisted theme preference.
(function () {
  var theme = 'light';
  try {
    var saved = JSON.parse(localStorage.getItem('preference') || 'null');
    var mode = (saved && saved.state && saved.state.themeMode) || 'system';
    var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
    theme = mode === 'system' ? (dark ? 'dark' : 'light') : mode;
  } catch {
    // an unreadable preference: the light theme
  }
  document.documentElement.setAttribute('data-theme', theme);
  // Nothing renders before the UI settings: ask for them while the scripts download.
  try {
    window.__uiSettingsRequest = fetch('/api/system/property/list/ui', { method: 'POST' }).then(function (r) {
      return r.json();
    });
    window.__uiSettingsRequest.catch(function () {});
  } catch {
    // no fetch: the app asks for the settings itself
  }
})();
