// Finds libtemper as C programs do, through its pkg-config file (PKG_CONFIG_PATH for a prefix of your own).
use std::process::Command;

fn main() {
    let output = Command::new("pkg-config")
        .args(["--variable=libdir", "temper"])
        .output()
        .expect("pkg-config is needed to find libtemper");
    assert!(output.status.success(), "pkg-config cannot find temper.pc: is libtemper installed?");
    let libdir = String::from_utf8(output.stdout).expect("a UTF-8 path");
    println!("cargo:rustc-link-search=native={}", libdir.trim());
    println!("cargo:rustc-link-lib=dylib=temper");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
}
