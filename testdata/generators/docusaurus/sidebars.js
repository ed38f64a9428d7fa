/** @type {import('@docusaurus/plugin-content-docs').SidebarsConfig} */
module.exports = {
  handbook: ['welcome', 'first-aid', 'tides', 'knots', 'weather-zh'],
};
