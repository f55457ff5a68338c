// A house list's page: undo an entry with the admin key (the same
// POST /api/v1/house-lists/{name}/entries/{entry}/undo as every client).
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  // The judge page keeps the admin key for this tab only; so does this page.
  const ADMIN_STORE = "adjudicator.judge.admin";
  const T = JSON.parse($("strings").textContent);
  const fmt = (text, values) => text.replace(/\{(\w+)\}/g, (all, k) => (k in values ? values[k] : all));
  const name = document.body.dataset.name;
  const say = (text) => { $("message").textContent = text; };

  function showKey() {
    $("admin-key").placeholder = sessionStorage.getItem(ADMIN_STORE) ? T.keyEntered : "";
  }
  $("admin-key").addEventListener("change", () => {
    const key = $("admin-key").value.trim();
    if (key) { sessionStorage.setItem(ADMIN_STORE, key); } else { sessionStorage.removeItem(ADMIN_STORE); }
    $("admin-key").value = "";
    showKey();
  });
  $("admin").addEventListener("submit", (event) => event.preventDefault());

  async function undo(button) {
    say("");
    const key = sessionStorage.getItem(ADMIN_STORE);
    if (!key) { say(T.needsAdmin); $("admin-key").focus(); return; }
    button.disabled = true;
    let response;
    try {
      response = await fetch(
        `/api/v1/house-lists/${encodeURIComponent(name)}/entries/${button.dataset.entry}/undo`,
        { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
          body: "{}" });
    } catch (e) {
      button.disabled = false;
      say(T.offline);
      return;
    }
    if (response.ok) { window.location.reload(); return; }
    const data = await response.json().catch(() => ({}));
    button.disabled = false;
    if (response.status === 401 || response.status === 403) { say(T.badAdmin); return; }
    if (data.code === "house-entry-undone") { say(T.undone); return; }
    say(fmt(T.error, { status: response.status }));
  }
  for (const button of document.querySelectorAll("button.undo")) {
    button.addEventListener("click", () => undo(button));
  }
  showKey();
})();
