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
    [ "$(sed 's/#.*//' "$ROOT/src/LAYERS" | awk 'NF' | wc -l)" -eq "$(ls -d "$ROOT"/src/*/ | wc -l)" ]
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
    layers_copy 'mkdir src/nboard && printf "int nboard_x(void);\n" >src/nboard/nboard.h'
    [ "$status" -eq 1 ]
    [[ "$output" == *"folder src/nboard is not listed"* ]]
}
