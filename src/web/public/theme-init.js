// Runs before the first paint (a blocking script in <head>): applies the stored or the system theme.
// Keep in step with src/web/lib/theme.tsx (storage key 'ui-theme', values light | dark | system).
(function () {
  var theme = 'system';
  try {
    theme = localStorage.getItem('ui-theme') || 'system';
  } catch {
    /* storage blocked: follow the system */
  }
  var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.add(dark ? 'dark' : 'light');
})();
