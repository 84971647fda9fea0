function render({ model, el }) {
  const label = document.createElement("label");
  label.className = "durak-range";
  const text = document.createElement("span");
  text.className = "durak-range-label";
  const input = document.createElement("input");
  input.type = "range";
  const readout = document.createElement("output");
  readout.className = "durak-range-readout";
  readout.setAttribute("aria-hidden", "true");  // the input announces it as its value text
  label.append(text, input, readout);
  el.append(label);
  const show = () => {
    text.textContent = model.get("description");
    input.setAttribute("aria-label", model.get("description").replace(/[:：]\s*$/, ""));
    input.min = model.get("min");
    input.max = model.get("max");
    input.step = model.get("step");
    input.value = model.get("value");
    input.setAttribute("aria-valuetext", model.get("readout"));
    readout.textContent = model.get("readout");
  };
  input.addEventListener("input", () => {
    model.set("value", Number(input.value));
    model.save_changes();
  });
  model.on("change", show);
  show();
  return () => model.off("change", show);
}
export default { render };
