// Builds the whole page in the browser: without JavaScript there is no text.
(function () {
  var root = document.getElementById('root');
  var h = document.createElement('h1');
  h.textContent = 'Trail planner';
  root.appendChild(h);
  var paras = [
    'Plan a hiking trail across the northern ridge with water stops, shelters and the best viewpoints marked on the way.',
    'Each stage lists its distance, the climb in metres and an honest estimate of the walking time for a steady pace.',
    'Rendered only: this paragraph exists because a script wrote it after the page loaded.'
  ];
  paras.forEach(function (t) { var p = document.createElement('p'); p.textContent = t; root.appendChild(p); });
  var ul = document.createElement('ul');
  [['/stages/1.html', 'Stage one: the ridge'], ['/stages/2.html', 'Stage two: the lakes'], ['/article.html', 'Background reading']].forEach(function (l) {
    var li = document.createElement('li'); var a = document.createElement('a');
    a.href = l[0]; a.textContent = l[1]; li.appendChild(a); ul.appendChild(li);
  });
  root.appendChild(ul);
  document.title = 'Trail planner';
})();
