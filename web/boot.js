// Picks, before the first paint, which screen index.html shows: the painted login form for a visit
// without a session on the login screen, else the loader (html[data-boot], read by styles.css).
// Any other visit runs the app at once: its start's files (React, the router), which the build lists
// in <meta name="ganaar-start"> above this script, are asked for now, with the page's own. The
// painted login imports them only once the page has loaded (web/src/main.tsx): its first screen
// needs none of them.
// Inlined in index.html by the build (web/boot-inline.ts; the CSP allows it by its hash, decision
// 0400): kept tiny, no module syntax.
(function () {
  var root = document.documentElement;
  function decide() {
    var token;
    try {
      token = localStorage.getItem('token');
    } catch {
      token = '?'; // storage refused: the app decides once it runs
    }
    var h = location.hash;
    // The login, and the shell's index a visitor without a session is sent to it from.
    if (!token && /^(#(\/(login([/?].*)?)?)?)?$/.test(h)) root.setAttribute('data-boot', 'login');
    else root.removeAttribute('data-boot');
  }
  decide();
  if (!root.hasAttribute('data-boot')) {
    var meta = document.querySelector('meta[name="ganaar-start"]');
    var files = meta ? meta.content.split(/\s+/) : [];
    for (var i = 0; i < files.length; i++) {
      var f = files[i];
      if (!/\.(js|css)$/.test(f)) continue;
      var link = document.createElement('link');
      link.rel = /\.js$/.test(f) ? 'modulepreload' : 'stylesheet';
      link.crossOrigin = 'anonymous';
      link.href = f;
      document.head.appendChild(link);
    }
  }
  // A link of the painted form followed before the app runs: the loader until React shows the screen.
  addEventListener('hashchange', decide);
})();
