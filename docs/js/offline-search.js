// The documentation's search, offline: the index is a script (search/search_index.js,
// written by scripts/mkdocs_offline.py), so that a site opened from disk searches too. Every
// word typed must be found; a page whose title has them comes first.
"use strict";
document.addEventListener("DOMContentLoaded", function () {  // the search box comes after
  var input = document.getElementById("mkdocs-search-query");
  var box = document.getElementById("mkdocs-search-results");
  if (!input || !box) return;
  var docs = (window.havenprintSearchIndex || {docs: []}).docs;
  var folded = docs.map(function (doc) {
    return {doc: doc, title: doc.title.toLowerCase(), text: doc.text.toLowerCase()};
  });

  function link(location) {
    var base = typeof base_url === "string" ? base_url : ".";
    var path = location.split("#");
    var page = path[0] === "" ? "index.html" : (/\/$/.test(path[0]) ? path[0] + "index.html" : path[0]);
    return base.replace(/\/$/, "") + "/" + page + (path[1] ? "#" + path[1] : "");
  }

  function summary(text, word) {
    var at = text.toLowerCase().indexOf(word);
    var start = Math.max(0, at - 60);
    return (start > 0 ? "…" : "") + text.slice(start, start + 200) + (text.length > start + 200 ? "…" : "");
  }

  function show(found, words) {
    box.replaceChildren();
    if (!found.length) {
      var none = document.createElement("p");
      none.textContent = box.getAttribute("data-no-results-text") || "No results found";
      box.append(none);
      return;
    }
    found.slice(0, 25).forEach(function (item) {
      var article = document.createElement("article");
      var heading = document.createElement("h3");
      var anchor = document.createElement("a");
      anchor.href = link(item.doc.location);
      anchor.textContent = item.doc.title;
      heading.append(anchor);
      var text = document.createElement("p");
      text.textContent = summary(item.doc.text, words[0]);
      article.append(heading, text);
      box.append(article);
    });
  }

  function search() {
    var words = input.value.toLowerCase().split(/\s+/).filter(function (word) { return word.length > 1; });
    if (!words.length) { box.replaceChildren(); return; }
    var found = folded.filter(function (item) {
      return words.every(function (word) { return item.title.indexOf(word) >= 0 || item.text.indexOf(word) >= 0; });
    }).map(function (item) {
      var score = words.reduce(function (sum, word) { return sum + (item.title.indexOf(word) >= 0 ? 10 : 1); }, 0);
      return {doc: item.doc, score: score};
    }).sort(function (a, b) { return b.score - a.score; });
    show(found, words);
  }

  input.addEventListener("input", search);
  input.closest("form").addEventListener("submit", function (event) { event.preventDefault(); search(); });
  var asked = new URLSearchParams(location.search).get("q");
  if (asked) { input.value = asked; search(); }
});
