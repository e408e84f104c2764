shader_type canvas_item;
// Draws the terrain: TEXTURE is a W x H R8 image holding one terrain code per tile
// (pysim/core/terrain.py: ROCK 0, FLOOR 1, WALL 2, WATER 3, PORTAL 4, SANCTUM 5);
// domain_tex is a W x H R8 image of the domain layer (1 = the player's).
// The sprite is scaled to TILE pixels per tile. strip_tex (world/TileLayer.gd) holds each
// code's sprite variants side by side, cut from the art atlas (art/sprites.txt terrain/*):
// a tile shows variant hash(cell) of its code. Without a strip (no atlas), flat colours.
// Lighting is not drawn here: a light layer goes over the tiles as its own node.

uniform sampler2D terrain_tex;   // the same image as TEXTURE (functions cannot read TEXTURE)
uniform sampler2D domain_tex;
uniform sampler2D strip_tex;
uniform bool use_strip = false;
uniform float codes = 6.0;
uniform float variants = 4.0;
uniform vec2 map_size = vec2(1.0, 1.0);
uniform vec4 domain_tint : hint_color = vec4(0.55, 0.22, 0.75, 1.0);
uniform float domain_strength = 0.10;
uniform float rock_shade = 0.72;

float hash(vec2 p) {
	return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453);
}

float code_at(vec2 cell) {
	vec2 uv = (cell + vec2(0.5)) / map_size;
	if (uv.x < 0.0 || uv.y < 0.0 || uv.x > 1.0 || uv.y > 1.0) return 0.0;
	return floor(texture(terrain_tex, uv).r * 255.0 + 0.5);
}

vec3 flat_colour(float code, float n) {
	if (code < 0.5) return vec3(0.16, 0.13, 0.12);
	if (code < 1.5) return vec3(0.42, 0.38, 0.33) + (n - 0.5) * 0.06;
	if (code < 2.5) return vec3(0.33, 0.33, 0.40);
	if (code < 3.5) return vec3(0.12, 0.28, 0.52);
	if (code < 4.5) return vec3(0.5, 0.8, 1.0);
	if (code < 5.5) return vec3(0.45, 0.10, 0.14);
	return vec3(0.9, 0.0, 0.9);
}

void fragment() {
	vec2 t = UV * map_size;
	vec2 cell = floor(t);
	vec2 f = fract(t);
	float code = code_at(cell);
	float n = hash(cell);
	vec3 col;
	if (use_strip && code < codes) {
		float v = floor(n * variants);
		if (code > 2.5 && code < 3.5) {      // water: its two frames take turns
			v = mod(floor(TIME * 1.2 + n * 4.0), 2.0);
		}
		vec2 suv = vec2((code * variants + v + f.x) / (codes * variants), f.y);
		col = texture(strip_tex, suv).rgb;
		if (code < 0.5) col *= rock_shade;  // rock: darker than the built walls
		if (code > 3.5 && code < 4.5) {     // portal: a slow pulse
			col *= 0.9 + 0.2 * sin(TIME * 3.0 + n * 6.28);
		}
	} else {
		col = flat_colour(code, n);
	}
	// Domain: the player's tiles get a tint (not rock and wall faces).
	float dom = floor(texture(domain_tex, (cell + vec2(0.5)) / map_size).r * 255.0 + 0.5);
	if (dom > 0.5 && code > 0.5 && (code < 1.5 || code > 4.5)) {
		col = mix(col, domain_tint.rgb, domain_strength);
	}
	// Soft shadow cast by walls and rock onto floor below and to the right.
	if (code == 1.0 || code == 5.0 || code == 3.0 || code == 4.0) {
		float up = code_at(cell + vec2(0.0, -1.0));
		float left = code_at(cell + vec2(-1.0, 0.0));
		if ((up == 0.0 || up == 2.0) && f.y < 0.25) col *= 0.7 + f.y * 1.2;
		if ((left == 0.0 || left == 2.0) && f.x < 0.18) col *= 0.78 + f.x * 1.2;
	}
	COLOR = vec4(col, 1.0);
}
