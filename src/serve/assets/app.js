// Search as you type: the search form asks the server for the page of the
// question (the word being typed read as the beginning of a word, as in
// `rulings ask`) and puts its hits in place. The server renders them;
// without this script the form is an ordinary form.
'use strict';

(function () {
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js').catch(function () {});
  }
  // A decklist chosen as a file is read into the list's box, so that the
  // form sends it as if pasted.
  Array.prototype.forEach.call(
    document.querySelectorAll('input[type=file][data-fills]'),
    function (input) {
      var row = input.closest('[hidden]');
      if (row) {
        row.hidden = false;
      }
      input.addEventListener('change', function () {
        var file = input.files && input.files[0];
        var box = input.form && input.form.elements[input.getAttribute('data-fills')];
        if (!file || !box) {
          return;
        }
        var reader = new FileReader();
        reader.onload = function () {
          box.value = String(reader.result);
        };
        reader.readAsText(file);
      });
    }
  );
  var form = document.getElementById('search');
  var results = document.getElementById('results');
  if (!form || !results) {
    return;
  }
  var input = form.elements.q;
  var timer = 0;
  var asked = 0;
  var DELAY = 150;

  function question(typing) {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (String(value).trim() !== '') {
        params.set(name, value);
      }
    });
    if (typing) {
      params.set('typing', '1');
    }
    return params;
  }

  function run() {
    var params = question(true);
    var mine = ++asked;
    if (!params.get('q')) {
      var rest = question(false).toString();
      history.replaceState(null, '', rest ? '/?' + rest : '/');
      results.replaceChildren();
      results.setAttribute('aria-busy', 'false');
      results.dataset.answered = '';
      return;
    }
    results.setAttribute('aria-busy', 'true');
    fetch('/?' + params.toString(), { headers: { Accept: 'text/html' } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        if (mine !== asked) {
          return;
        }
        var page = new DOMParser().parseFromString(html, 'text/html');
        var fresh = page.getElementById('results');
        if (fresh) {
          results.replaceChildren.apply(results, Array.from(fresh.childNodes));
        }
        // The address is the link to what is on screen: these hits read
        // the last word as typed so far, and so does the link (Enter asks
        // the question read whole, at an address without `typing`).
        history.replaceState(null, '', '/?' + params.toString());
        // The question these hits answer (what a test waits for).
        results.dataset.answered = params.get('q');
        results.setAttribute('aria-busy', 'false');
      })
      .catch(function () {
        results.setAttribute('aria-busy', 'false');
      });
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(run, DELAY);
  }

  input.addEventListener('input', later);
  form.addEventListener('change', function (event) {
    if (event.target !== input) {
      later();
    }
  });
})();
