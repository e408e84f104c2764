shader_type canvas_item;
// Draws the terrain: TEXTURE is a W x H R8 image holding one terrain code per tile
// (pysim/terrain.py: ROCK 0, FLOOR 1, WALL 2, WATER 3, PORTAL 4, SANCTUM 5);
// domain_tex is a W x H R8 image of the domain layer (1 = the player's).
// The sprite is scaled to TILE pixels per tile with nearest filtering.

uniform sampler2D terrain_tex;   // the same image as TEXTURE (functions cannot read TEXTURE)
uniform sampler2D domain_tex;
uniform vec2 map_size = vec2(1.0, 1.0);
uniform vec4 domain_tint : hint_color = vec4(0.55, 0.22, 0.75, 1.0);
uniform float domain_strength = 0.22;
uniform float grid_strength = 0.10;

float hash(vec2 p) {
	return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453);
}

float code_at(vec2 cell) {
	vec2 uv = (cell + vec2(0.5)) / map_size;
	if (uv.x < 0.0 || uv.y < 0.0 || uv.x > 1.0 || uv.y > 1.0) return 0.0;
	return floor(texture(terrain_tex, uv).r * 255.0 + 0.5);
}

void fragment() {
	vec2 t = UV * map_size;
	vec2 cell = floor(t);
	vec2 f = fract(t);
	float code = code_at(cell);
	float n = hash(cell);
	float n2 = hash(cell * 1.7 + floor(f * 4.0));
	vec3 col;
	if (code < 0.5) {            // ROCK: dark, speckled
		col = vec3(0.16, 0.13, 0.12) + (n2 - 0.5) * 0.05;
	} else if (code < 1.5) {     // FLOOR: worn flagstones with grout lines
		col = vec3(0.42, 0.38, 0.33) + (n - 0.5) * 0.06;
		float edge = min(min(f.x, f.y), min(1.0 - f.x, 1.0 - f.y));
		col *= 1.0 - grid_strength * (1.0 - smoothstep(0.0, 0.07, edge));
	} else if (code < 2.5) {     // WALL: bevelled blocks
		col = vec3(0.33, 0.33, 0.40) + (n - 0.5) * 0.04;
		if (f.y < 0.12 || f.x < 0.12) col += 0.10;
		if (f.y > 0.88 || f.x > 0.88) col -= 0.10;
		if (abs(f.y - 0.5) < 0.04 || (f.y < 0.5 && abs(f.x - 0.5) < 0.04)) col -= 0.05;
	} else if (code < 3.5) {     // WATER: rippling
		float w = sin((t.x + t.y) * 3.0 + TIME * 2.0) * 0.5 + 0.5;
		col = mix(vec3(0.10, 0.24, 0.45), vec3(0.17, 0.36, 0.60), w * 0.6 + n * 0.2);
	} else if (code < 4.5) {     // PORTAL: pulsing glow
		float d = length(f - vec2(0.5));
		float pulse = 0.5 + 0.5 * sin(TIME * 3.0 + n * 6.28);
		col = mix(vec3(0.85, 0.95, 1.0), vec3(0.20, 0.55, 0.85), smoothstep(0.0, 0.55, d));
		col = mix(col, vec3(0.5, 0.9, 1.0), 0.25 * pulse);
	} else if (code < 5.5) {     // SANCTUM: crimson floor with a gold inlay
		col = vec3(0.45, 0.10, 0.14) + (n - 0.5) * 0.05;
		float dd = abs(f.x - 0.5) + abs(f.y - 0.5);
		if (abs(dd - 0.35) < 0.05) col = vec3(0.85, 0.65, 0.20);
	} else {                     // unknown code: loud magenta so it is noticed
		col = vec3(0.9, 0.0, 0.9);
	}
	// Domain: the player's tiles get a tint (not rock and wall faces).
	float dom = floor(texture(domain_tex, (cell + vec2(0.5)) / map_size).r * 255.0 + 0.5);
	if (dom > 0.5 && code > 0.5 && (code < 1.5 || code > 4.5)) {
		col = mix(col, domain_tint.rgb, domain_strength);
	}
	// Soft shadow cast by walls and rock onto floor below and to the right.
	if (code == 1.0 || code == 5.0 || code == 3.0) {
		float up = code_at(cell + vec2(0.0, -1.0));
		float left = code_at(cell + vec2(-1.0, 0.0));
		if ((up == 0.0 || up == 2.0) && f.y < 0.25) col *= 0.75 + f.y;
		if ((left == 0.0 || left == 2.0) && f.x < 0.18) col *= 0.82 + f.x;
	}
	COLOR = vec4(col, 1.0);
}
