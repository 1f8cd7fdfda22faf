// The geometry checker of the SVG drawings (tests/svg-geometry.ts) on a drawing made for it.
// Every drawing `show` and `why` make for our tests and the Dat3M corpus is checked with it in
// present/explain.test.ts, which computes those explanations anyway.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkDrawing, parseSvg } from '../tests/svg-geometry.js';

test('the checker sees a box crossed, labels on top of each other and boxes overlapping', () => {
  const svg = `<g id="node1" class="node"><title>n0</title><polygon points="0,0 50,0 50,20 0,20 0,0"/></g>
<g id="node2" class="node"><title>n1</title><polygon points="100,0 150,0 150,20 100,20 100,0"/></g>
<g id="node3" class="node"><title>n2</title><polygon points="140,10 190,10 190,30 140,30 140,10"/></g>
<g id="edge1" class="edge"><title>n0&#45;&gt;n2</title><path d="M50,10C80,10 120,10 140,10"/>
<text text-anchor="middle" x="75" y="40" font-size="10.00">rf</text></g>
<g id="edge2" class="edge"><title>n0&#45;&gt;n1</title><path d="M50,15C70,15 80,15 100,15"/>
<text text-anchor="middle" x="76" y="42" font-size="10.00">co</text></g>`;
  const kinds = checkDrawing(parseSvg(svg)).map((p) => p.kind).sort();
  assert.equal(kinds, ['box-box', 'edge-through-box', 'label-label']);
});

test.run();
