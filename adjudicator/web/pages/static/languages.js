// The language switch (templates/_languages.html) closes when Escape is pressed,
// or when focus or a tap goes elsewhere, so that its list never stays over the page.
for (const details of document.querySelectorAll("nav.languages details")) {
  const close = () => { details.open = false; };
  details.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && details.open) {
      close();
      details.querySelector("summary").focus();
    }
  });
  details.addEventListener("focusout", (event) => {
    if (!details.contains(event.relatedTarget)) close();
  });
  document.addEventListener("click", (event) => {
    if (!details.contains(event.target)) close();
  });
}
