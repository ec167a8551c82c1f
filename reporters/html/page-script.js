// Filters of the HTML report: by status, spec section and level. Rules stay in the page; hidden ones are only hidden.
const form = document.getElementById('filters');
const rules = [...document.querySelectorAll('details.rule')];
const sections = [...document.querySelectorAll('section.rules')];
const shown = document.getElementById('shown');

function apply() {
  const statuses = new Set([...form.querySelectorAll('input[name=status]:checked')].map((i) => i.value));
  const section = form.elements.section.value;
  const level = form.elements.level.value;
  let count = 0;
  for (const rule of rules) {
    const visible = statuses.has(rule.dataset.status) && (!section || rule.dataset.section === section) && (!level || rule.dataset.level === level);
    rule.hidden = !visible;
    if (visible) count += 1;
  }
  for (const s of sections) s.hidden = !s.querySelector('details.rule:not([hidden])');
  shown.textContent = `${count} of ${rules.length} rules shown`;
}

form.addEventListener('change', apply);
form.addEventListener('submit', (e) => e.preventDefault());
form.hidden = false;
apply();
