// Filters of the HTML report: by status, spec section, level, tag and text. Rules stay in the page; hidden ones are
// only hidden. A link to #rule-ID opens that rule, shown whatever the filters, below the sticky filter bar.
const form = document.getElementById('filters');
const rules = [...document.querySelectorAll('details.rule')];
const sections = [...document.querySelectorAll('section.rules')];
const shown = document.getElementById('shown');
const words = new Map(rules.map((r) => [r, r.querySelector('summary').textContent.toLowerCase()]));

function apply() {
  const statuses = new Set([...form.querySelectorAll('input[name=status]:checked')].map((i) => i.value));
  const { section, level, tag, q } = form.elements;
  const query = q.value.trim().toLowerCase();
  let count = 0;
  for (const rule of rules) {
    const d = rule.dataset;
    const visible = statuses.has(d.status) && (!section.value || d.section === section.value) && (!level.value || d.level === level.value)
      && (!tag.value || d.tags.split(' ').includes(tag.value)) && (!query || words.get(rule).includes(query));
    rule.hidden = !visible;
    if (visible) count += 1;
  }
  for (const s of sections) s.hidden = !s.querySelector('details.rule:not([hidden])');
  shown.textContent = `${count} of ${rules.length} rules shown`;
}

function openFromHash() {
  const rule = location.hash.startsWith('#rule-') ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  if (!rule || !rule.matches('details.rule')) return;
  if (rule.hidden) {
    form.reset();
    apply();
  }
  rule.open = true;
  document.documentElement.style.setProperty('--bar', `${form.offsetHeight + 8}px`);
  rule.scrollIntoView({ block: 'start' });
}

form.addEventListener('change', apply);
form.addEventListener('input', apply);
form.addEventListener('submit', (e) => e.preventDefault());
window.addEventListener('hashchange', openFromHash);
form.hidden = false;
apply();
openFromHash();
