// Builds the whole page in the browser from the data it fetches: without
// this script, and without /api/trail.json, there is no text.
(function () {
  var root = document.getElementById('root');
  fetch('/api/trail.json').then(function (r) { return r.json(); }).then(function (trail) {
    var h = document.createElement('h1');
    h.textContent = trail.name;
    root.appendChild(h);
    trail.stages.forEach(function (s) {
      var p = document.createElement('p');
      p.className = 'stage';
      p.textContent = s;
      root.appendChild(p);
    });
    var back = document.createElement('a');
    back.href = '/about.html';
    back.textContent = 'About these trails';
    root.appendChild(back);
    document.title = trail.name;
  });
})();
