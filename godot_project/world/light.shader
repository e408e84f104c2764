shader_type canvas_item;
// world/LightLayer.gd: the texture holds each tile's light (0..255 as 0..1); the darker the
// tile, the more of the night colour over it.
uniform vec4 night : hint_color = vec4(0.02, 0.02, 0.08, 1.0);
uniform float darkest = 0.72;

void fragment() {
	float light = texture(TEXTURE, UV).r;
	COLOR = vec4(night.rgb, darkest * (1.0 - light));
}
