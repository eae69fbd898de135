// Stands in for CSS and image imports in jest: Vite handles them in the real build.
module.exports = {};
