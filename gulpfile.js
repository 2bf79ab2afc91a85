// `gulp clean` empties dist/ before a build, so files of an earlier layout are never packed;
// `gulp build:icons` copies the nodes' and credentials' SVG icons next to the compiled files.
const fs = require('fs');
const path = require('path');
const { task, src, dest } = require('gulp');

task('clean', async () => fs.rmSync(path.resolve('dist'), { recursive: true, force: true }));
task('build:icons', copyIcons);

function copyIcons() {
	const nodeSource = path.resolve('nodes', '**', '*.{png,svg}');
	const nodeDestination = path.resolve('dist', 'nodes');
	src(nodeSource, { encoding: false }).pipe(dest(nodeDestination));

	const credSource = path.resolve('credentials', '**', '*.{png,svg}');
	const credDestination = path.resolve('dist', 'credentials');
	return src(credSource, { encoding: false }).pipe(dest(credDestination));
}
