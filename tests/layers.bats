#!/usr/bin/env bats
# The layering check (scripts/layers, `make layers`): the tree passes, and a
# copy of it with an upward include or a cycle of modules does not.

load test_helper

# A copy of src/ and the script in a fresh folder; $1 (a shell command) then
# breaks it there.
layers_copy() {
    local d="$BATS_TEST_TMPDIR/tree"
    mkdir -p "$d/scripts"
    cp -R "$ROOT/src" "$d/"
    cp "$ROOT/scripts/layers" "$d/scripts/"
    (cd "$d" && eval "$1")
    run "$d/scripts/layers"
}

@test "layers: src/ passes, every folder listed in src/LAYERS" {
    run "$ROOT/scripts/layers"
    [ "$status" -eq 0 ]
    [[ "$output" == "layers: "*" folders, "*" modules; no upward include, no cycle" ]]
    [ "$(sed 's/#.*//' "$ROOT/src/LAYERS" | awk 'NF' | wc -l)" -eq "$(find "$ROOT/src" -mindepth 1 -maxdepth 1 -type d | wc -l)" ]
}

@test "layers: an include from a higher layer fails" {
    layers_copy 'printf "#include \"engine.h\"\n" >>src/search/tt.c'
    [ "$status" -eq 1 ]
    [[ "$output" == *"src/search/tt.c does not build on its own folders"* ]]
}

@test "layers: a cycle of modules inside one folder fails" {
    layers_copy 'printf "#include \"gomoku_ops.h\"\n" >>src/gomoku/gomoku.c'
    [ "$status" -eq 1 ]
    [[ "$output" == *"include cycle: "*"gomoku"*"gomoku_ops"* ]]
}

@test "layers: a folder missing from src/LAYERS fails" {
    layers_copy 'mkdir src/unlisted && printf "int unlisted_x(void);\n" >src/unlisted/unlisted.h'
    [ "$status" -eq 1 ]
    [[ "$output" == *"folder src/unlisted is not listed"* ]]
}

@test "README: the module map names every file of src/ once" {
    # The map's tables run from "## Module map" to the next "## " section;
    # a row names a module as src/DIR/FILE or src/DIR/STEM.[ch].
    local map="$BATS_TEST_TMPDIR/map"
    awk '/^## Module map/ { on = 1; next } on && /^## / { exit } on && /^\|/' "$ROOT/README.md" >"$map"
    local f n missing=0
    while read -r f; do
        n=$(grep -o -F -e "\`$f\`" -e "\`${f%.[ch]}.[ch]\`" "$map" | wc -l)
        if [ "$n" -ne 1 ]; then
            echo "$f: named $n times in the module map"
            missing=1
        fi
    done < <(cd "$ROOT" && find src -type f | sort)
    [ "$missing" -eq 0 ]
}
